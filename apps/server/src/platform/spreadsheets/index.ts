/**
 * Reading spreadsheets that people upload (CSV, xlsx) for imports: streamed, and stopped as soon as
 * a limit is passed, so a file's cost is bounded by the limits rather than by what it holds.
 */
import { csvRows } from './csv.ts';
import { SpreadsheetError, type SheetLimits } from './errors.ts';
import { xlsxRows, type SheetRow } from './xlsx.ts';
import { isZip } from './zip.ts';
export { SpreadsheetError, type SheetLimits, type SpreadsheetRefusal } from './errors.ts';
export type { SheetRow } from './xlsx.ts';
export { csvFile, xlsxFile } from './write.ts';
export { isZip } from './zip.ts';

/** The rows with content of the file's first sheet (xlsx by its zip signature, else CSV), in order, as they are read. */
export function sheetRows(buffer: Buffer, limits: SheetLimits): AsyncGenerator<SheetRow> {
  return isZip(buffer) ? xlsxRows(buffer, limits) : csvRows(buffer, limits);
}

/**
 * The first sheet as a table: row n of the spreadsheet at index n - 1 (rows without content in
 * between are empty), refused with `too_many_rows` at the first row past `maxRows`.
 */
export async function readSheet(buffer: Buffer, limits: SheetLimits): Promise<string[][]> {
  const table: string[][] = [];
  for await (const { row, cells } of sheetRows(buffer, limits)) {
    if (row > limits.maxRows) throw new SpreadsheetError('too_many_rows');
    while (table.length < row - 1) table.push([]);
    table.push(cells);
  }
  return table;
}
