import type { Item } from '@vigil/checklist';
import { describe, expect, it } from 'vitest';
import { globalListChoice } from './answer-kinds.ts';

const question = (options: Item['options']): Item =>
  ({ id: 'q', type: 'global_list', title: 'Pump', parent_id: 'p', depth: 1, options }) as unknown as Item;
const PUMP = { item_id: 'i-2', display_name: 'Pump South', fields: { f_site: { value: 'Yard' }, f_empty: { value: '' } } };

describe('globalListChoice', () => {
  it('labels with the item ID and name and answers with the ID by default', () => {
    expect(globalListChoice(question({}), PUMP)).toEqual({ value: 'i-2', label: 'i-2 / Pump South' });
  });

  it("joins the chosen fields with the question's separator, leaving empty values out", () => {
    const options = { label_field_keys: ['display_name', 'f_empty', 'f_site'], value_field_keys: ['f_site', 'item_id'], separator: '|' };
    expect(globalListChoice(question(options), PUMP)).toEqual({ value: 'Yard|i-2', label: 'Pump South | Yard' });
  });
});
