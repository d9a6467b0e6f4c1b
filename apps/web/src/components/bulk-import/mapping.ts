import type { ImportColumn, ImportTargetColumn } from '@vigil/contracts';

/** For each target column id, the file's column index it is read from (absent: not imported). */
export type ColumnMapping = Record<string, number | undefined>;

const normalise = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The mapping the wizard starts with: a target column takes the first file column whose header text
 * equals its title or its id, ignoring case and surrounding spaces; the others stay unmapped.
 */
export function autoMap(columns: readonly ImportTargetColumn[], header: readonly string[]): ColumnMapping {
  const headers = header.map(normalise);
  const mapping: ColumnMapping = {};
  for (const column of columns) {
    const names = [normalise(column.title), normalise(column.id)];
    const index = headers.findIndex((text) => text !== '' && names.includes(text));
    if (index >= 0) mapping[column.id] = index;
  }
  return mapping;
}

/** The required target columns no file column is mapped to, in the target's order. */
export function missingRequired(columns: readonly ImportTargetColumn[], mapping: ColumnMapping): ImportTargetColumn[] {
  return columns.filter((column) => column.required && mapping[column.id] === undefined);
}

/** The mapping as the import call takes it (`columns`), in the target's order. */
export function mappingBody(columns: readonly ImportTargetColumn[], mapping: ColumnMapping): ImportColumn[] {
  return columns.flatMap((column) => {
    const index = mapping[column.id];
    return index === undefined ? [] : [{ id: column.id, index }];
  });
}

/** The preview's rows as the mapping reads them: one cell per mapped target column, in the target's order. */
export function mappedRows(columns: readonly ImportTargetColumn[], mapping: ColumnMapping, rows: readonly string[][]): string[][] {
  const body = mappingBody(columns, mapping);
  return rows.map((row) => body.map(({ index }) => row[index] ?? ''));
}

/** A spreadsheet's letter for a column index: 0 is A, 25 Z, 26 AA. */
export function columnLetter(index: number): string {
  let letter = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letter = String.fromCharCode(65 + ((rest - 1) % 26)) + letter;
  return letter;
}
