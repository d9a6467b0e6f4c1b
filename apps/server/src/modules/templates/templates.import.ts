/**
 * Template import from CSV or Excel (spec 2 §2, §5): one row per question, with the page and the
 * section it sits in. The file is checked whole before anything is built: hostile archives are
 * refused before they are unpacked, every row gets its errors with its row number, and a file with
 * any error creates nothing.
 */
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import {
  createTemplateDocument,
  defaultOptions,
  formatMessage,
  ITEM_TYPES,
  isPageType,
  NOT_IMPORTABLE_TYPES,
  parseTemplateDocument,
  type ChecklistMessageCode,
  type Item,
  type ItemType,
  type ResponseSet,
  type TemplateDocument,
} from '@vigil/checklist';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Language } from '@vigil/contracts';
import ExcelJS from 'exceljs';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Limits on what an xlsx may unpack to, checked on the zip's directory and while inflating. */
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 500;
export const XLSX_MAX_RATIO = 100;

export const IMPORT_COLUMNS = ['page', 'section', 'title', 'type', 'required', 'options'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Record<Column, string>;

export interface RowReport {
  /** The row number as a spreadsheet shows it: the header is row 1. */
  row: number;
  values: ImportRow;
  errors: string[];
}

export type ImportOutcome =
  | { ok: true; document: TemplateDocument; rows: number }
  | { ok: false; error_count: number; rows: RowReport[] };

/** Refusals of the file as a whole (not of a row). */
export class ImportFileError extends Error {
  constructor(readonly reason: 'too_large' | 'unreadable' | 'no_title_column' | 'too_many_rows' | 'empty') {
    super(reason);
  }
}

const SAMPLE_ROWS: ImportRow[] = [
  { page: 'Arrival', section: '', title: 'Site name', type: 'textAnswer', required: 'yes', options: '' },
  { page: 'Arrival', section: 'Safety', title: 'Are exits free?', type: 'yesno', required: 'yes', options: '' },
  { page: 'Arrival', section: 'Safety', title: 'Extinguisher pressure (bar)', type: 'number', required: 'no', options: '' },
  { page: 'Equipment', section: '', title: 'Pump state', type: 'list', required: 'no', options: 'Good|Worn|Broken' },
  { page: 'Equipment', section: '', title: 'Photo of the pump', type: 'photo', required: 'no', options: '' },
  { page: 'Equipment', section: '', title: 'Remarks', type: 'longText', required: 'no', options: '' },
];

/** The downloadable sample: the columns, and one row per common question type. */
export async function sampleFile(format: 'csv' | 'xlsx'): Promise<Buffer> {
  if (format === 'csv') {
    const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
    const lines = [IMPORT_COLUMNS.join(','), ...SAMPLE_ROWS.map((row) => IMPORT_COLUMNS.map((column) => quote(row[column])).join(','))];
    return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Template');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (const row of SAMPLE_ROWS) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Reading files -----------------------------------------------------------------------------------

const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;

/**
 * Checks an xlsx (zip) before any library unpacks it: the directory's declared sizes (total,
 * entries, ratio), then every entry inflated with its declared size as a hard cap, so a lying
 * header cannot unpack more than it declares.
 */
export function checkZip(buffer: Buffer): void {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buffer.length) throw new ImportFileError('unreadable');
  const entries = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (entries > XLSX_MAX_ENTRIES || directoryOffset === 0xffffffff) throw new ImportFileError('too_large');
  let at = directoryOffset;
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw new ImportFileError('unreadable');
    const method = buffer.readUInt16LE(at + 10);
    const compressed = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    total += size;
    if (compressed === 0xffffffff || size === 0xffffffff || total > XLSX_MAX_UNPACKED_BYTES) throw new ImportFileError('too_large');
    if (size > 1024 * 1024 && size / Math.max(1, compressed) > XLSX_MAX_RATIO) throw new ImportFileError('too_large');
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw new ImportFileError('unreadable');
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + compressed);
    if (data.length !== compressed) throw new ImportFileError('unreadable');
    if (method === 8) {
      let inflated: Buffer;
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
      } catch (error) {
        throw new ImportFileError((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'unreadable');
      }
      if (inflated.length !== size) throw new ImportFileError('unreadable');
    } else if (method !== 0 || compressed !== size) throw new ImportFileError('unreadable');
    at += 46 + nameLength + extraLength + commentLength;
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return value.result === undefined || value.result === null ? '' : String(value.result);
    return '';
  }
  return String(value);
}

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  checkZip(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError('unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('unreadable');
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) throw new ImportFileError('too_many_rows');
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 50); c += 1) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  }
  return rows;
}

function readCsv(buffer: Buffer): string[][] {
  if (buffer.includes(0)) throw new ImportFileError('unreadable');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  try {
    const records = parseCsv(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: 64 * 1024,
      delimiter: text.split('\n', 1)[0]!.includes(';') && !text.split('\n', 1)[0]!.includes(',') ? ';' : ',',
    }) as string[][];
    if (records.length > IMPORT_MAX_ROWS + 1) throw new ImportFileError('too_many_rows');
    return records;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('unreadable');
  }
}

/** The cells of the file's first sheet (xlsx by its zip signature, else CSV), after the file checks. */
export async function readTable(buffer: Buffer): Promise<string[][]> {
  if (buffer.length > IMPORT_MAX_BYTES) throw new ImportFileError('too_large');
  return isZip(buffer) ? readXlsx(buffer) : readCsv(buffer);
}

/** The rows of the file, keyed by the known columns. */
export async function readImportFile(buffer: Buffer): Promise<{ row: number; values: ImportRow }[]> {
  const table = await readTable(buffer);
  const [header, ...body] = table;
  if (!header) throw new ImportFileError('empty');
  const index = new Map<Column, number>();
  header.forEach((name, i) => {
    const column = name.trim().toLowerCase() as Column;
    if ((IMPORT_COLUMNS as readonly string[]).includes(column) && !index.has(column)) index.set(column, i);
  });
  if (!index.has('title')) throw new ImportFileError('no_title_column');
  const rows = body
    .map((cells, i) => ({
      row: i + 2,
      values: Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, index.has(column) ? (cells[index.get(column)!] ?? '').trim() : ''])) as ImportRow,
    }))
    .filter((entry) => IMPORT_COLUMNS.some((column) => entry.values[column] !== ''));
  if (rows.length === 0) throw new ImportFileError('empty');
  return rows;
}

// Building the template ---------------------------------------------------------------------------

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'ja', 'نعم']);
const NO = new Set(['no', 'n', 'false', '0', '', 'non', 'nein', 'لا']);
const CHOICE = new Set<ItemType>(['list', 'dropdown', 'yesno', 'switch', 'oknot']);

function newItem(type: ItemType, title: string, parent: Item | null): Item {
  return {
    id: randomUUID(),
    title,
    type,
    options: defaultOptions(type),
    parent_id: parent?.id ?? null,
    base_id: null,
    reference_key: null,
    visible: true,
    depth: parent ? parent.depth + 1 : 0,
    collapsed: false,
  };
}

/**
 * Builds the document from checked rows, then runs the same document validation as autosave and
 * maps its item errors back to the rows. Any error: nothing is built, every row is reported.
 */
export function buildImportedDocument(
  rows: { row: number; values: ImportRow }[],
  base: { title: string; language: string },
  locale: Language,
): ImportOutcome {
  const message = (code: ChecklistMessageCode, params: Record<string, string | number> = {}) => formatMessage(code, params, locale);
  const reports: RowReport[] = rows.map((entry) => ({ row: entry.row, values: entry.values, errors: [] }));
  const seen = new Map<string, number>();
  const items: Item[] = [];
  const responses: ResponseSet[] = [];
  const itemRow = new Map<string, RowReport>();
  let page: Item | null = null;
  let section: Item | null = null;

  for (const report of reports) {
    const { values } = report;
    const type = (values.type === '' ? 'textAnswer' : values.type) as ItemType;
    if (values.title === '') report.errors.push(`title: ${message('CKL_FIELD_REQUIRED')}`);
    if (!(ITEM_TYPES as readonly string[]).includes(type) || isPageType(type) || type === 'section' || NOT_IMPORTABLE_TYPES.includes(type)) {
      report.errors.push(`type: ${message('CKL_TYPE_NOT_SUPPORTED')}`);
    }
    const required = values.required.toLowerCase();
    if (!YES.has(required) && !NO.has(required)) report.errors.push(`required: ${message('CKL_OPTION_INVALID', { option: 'required' })}`);
    const labels = values.options === '' ? [] : values.options.split('|').map((label) => label.trim()).filter(Boolean);
    if ((type === 'list' || type === 'dropdown') && labels.length < 2) report.errors.push(`options: ${message('CKL_LIST_NEEDS_OPTIONS')}`);
    const key = JSON.stringify([values.page, values.section, values.title.toLowerCase(), type, values.options]);
    if (seen.has(key)) report.errors.push(message('CKL_DUPLICATE_ROW'));
    else seen.set(key, report.row);
    if (report.errors.length > 0) continue;

    if (!page || (values.page !== '' && values.page !== page.title)) {
      page = newItem('page', values.page || `Page ${items.filter((item) => item.type === 'page').length + 1}`, null);
      items.push(page);
      section = null;
    }
    if (values.section === '') section = null;
    else if (!section || section.title !== values.section) {
      section = newItem('section', values.section, page);
      items.push(section);
    }
    const item = newItem(type, values.title, section ?? page);
    if (YES.has(required)) item.options = { ...item.options, required: true };
    if (CHOICE.has(type) && labels.length > 0) {
      const set: ResponseSet = { uuid: randomUUID(), options: labels.map((label) => ({ uuid: randomUUID(), label })) };
      responses.push(set);
      item.options = { ...item.options, response_set_id: set.uuid };
    }
    items.push(item);
    itemRow.set(item.id, report);
  }

  if (reports.every((report) => report.errors.length === 0)) {
    const parsed = parseTemplateDocument(createTemplateDocument({ title: base.title, language: base.language, items, responses }));
    if (parsed.ok) return { ok: true, document: parsed.document, rows: reports.length };
    for (const issue of parsed.issues) {
      const report = (issue.item_id && itemRow.get(issue.item_id)) || reports[0]!;
      report.errors.push(message(issue.code, issue.params));
    }
  }
  return { ok: false, error_count: reports.filter((report) => report.errors.length > 0).length, rows: reports };
}
