import type { ImportTargetColumn } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { autoMap, columnLetter, mappedRows, mappingBody, missingRequired } from './mapping.ts';

const column = (id: string, title: string, required = false): ImportTargetColumn => ({ id, title, required, field_type: null });
const COLUMNS = [column('asset_id', 'Asset ID', true), column('display_name', 'Name', true), column('f_capacity', 'Capacity')];

describe('autoMap', () => {
  it('maps a column whose header equals its title or its id, ignoring case and spaces', () => {
    expect(autoMap(COLUMNS, ['  name ', 'Notes', 'ASSET_ID', 'capacity'])).toEqual({ display_name: 0, asset_id: 2, f_capacity: 3 });
  });

  it('takes the first matching header and leaves unmatched columns unmapped', () => {
    expect(autoMap(COLUMNS, ['Name', 'name', 'Other'])).toEqual({ display_name: 0 });
  });

  it('never maps an empty header', () => {
    expect(autoMap([column('x', '')], ['', 'a'])).toEqual({});
  });
});

describe('missingRequired', () => {
  it('lists the required columns without a file column, in order', () => {
    expect(missingRequired(COLUMNS, { f_capacity: 0 }).map((c) => c.id)).toEqual(['asset_id', 'display_name']);
    expect(missingRequired(COLUMNS, { asset_id: 1, display_name: 0 })).toEqual([]);
  });

  it('counts column A (index 0) as mapped', () => {
    expect(missingRequired(COLUMNS, { asset_id: 0, display_name: 0 })).toEqual([]);
  });
});

describe('mappingBody and mappedRows', () => {
  it('answers the mapped columns in the target order, and the rows read through them', () => {
    const mapping = { f_capacity: 0, asset_id: 2, display_name: undefined };
    expect(mappingBody(COLUMNS, mapping)).toEqual([
      { id: 'asset_id', index: 2 },
      { id: 'f_capacity', index: 0 },
    ]);
    expect(mappedRows(COLUMNS, mapping, [['12', 'x', 'P-1'], ['7']])).toEqual([
      ['P-1', '12'],
      ['', '7'],
    ]);
  });
});

describe('columnLetter', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 49, 51, 52].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AX', 'AZ', 'BA']);
  });
});
