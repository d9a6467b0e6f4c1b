/**
 * Writing spreadsheets people download (exports, sample files): every cell goes through
 * `neutraliseCell`, so no text a person typed or imported is run as a formula when the file is opened.
 */
import { neutraliseCell, type SpreadsheetCell } from '@vigil/contracts';

const csvField = (value: SpreadsheetCell): string => {
  const cell = neutraliseCell(value);
  const text = cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV (RFC 4180: comma, CRLF, quoted when needed), UTF-8. */
export function csvFile(rows: SpreadsheetCell[][]): Buffer {
  return Buffer.from(rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join(''), 'utf8');
}

/** An xlsx with one sheet; numbers, booleans and dates keep their types. */
export async function xlsxFile(sheetName: string, rows: SpreadsheetCell[][]): Promise<Buffer> {
  // exceljs takes a third of a second to load: only a download that needs it pays for it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((value) => neutraliseCell(value) ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
