/** A value as spreadsheet exports write it. */
export type SpreadsheetCell = string | number | boolean | Date | null | undefined;

/** Text starting with these is read as a formula by Excel, LibreOffice or Google Sheets (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is just a number, such as `-12.5` or `+3e4`: a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A cell as every export and sample file (CSV and xlsx, server and web) must write it: text that a
 * spreadsheet would run as a formula gets a leading single quote, which spreadsheets show as text.
 * Numbers, negative ones included, stay numbers, and text that is only a number stays as it is.
 * Imports store what people typed; the quote is added on the way out only.
 */
export function neutraliseCell(value: SpreadsheetCell): SpreadsheetCell {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}
