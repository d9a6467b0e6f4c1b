/**
 * Template import from CSV or Excel (spec 2 §2, §5): one row per question, with the page and the
 * section it sits in. The file is read as a stream up to the import's limits (platform/spreadsheets),
 * then checked whole before anything is built: every row gets its errors with its row number, and a
 * file with any error creates nothing.
 */
import { randomUUID } from 'node:crypto';
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
import type { Language } from '@vigil/contracts';
import { AppError } from '../../platform/errors.ts';
import { csvFile, readSheet, SpreadsheetError, xlsxFile, type SheetLimits } from '../../platform/spreadsheets/index.ts';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const IMPORT_MAX_ROWS = 5000;

const IMPORT_COLUMNS = ['page', 'section', 'title', 'type', 'required', 'options'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Record<Column, string>;

export interface RowReport {
  /** The row number as a spreadsheet shows it: the header is row 1. */
  row: number;
  values: ImportRow;
  errors: string[];
}

export type ImportOutcome = { ok: true; document: TemplateDocument; rows: number } | { ok: false; error_count: number; rows: RowReport[] };

/** Refusals of a readable file as a whole (not of a row) for what a template import needs. */
class ImportFileError extends Error {
  constructor(readonly reason: 'no_title_column' | 'empty') {
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
  const rows = [[...IMPORT_COLUMNS], ...SAMPLE_ROWS.map((row) => IMPORT_COLUMNS.map((column) => row[column]))];
  return format === 'csv' ? csvFile(rows) : xlsxFile('Template', rows);
}

// Reading files -----------------------------------------------------------------------------------

/**
 * The first sheet read for an import: the header and 5,000 rows, 50 columns, and at most 8 MB of
 * sheet XML (and as much of shared strings). 5,000 rows of the sample's six columns written by
 * ExcelJS unpack to 1.2 MB of sheet and 0.5 MB of shared strings; the cap is also what a hostile
 * sheet can make the server parse (about 0.2 s on an idle core).
 */
const IMPORT_SHEET_LIMITS: SheetLimits = { maxRows: IMPORT_MAX_ROWS + 1, maxColumns: 50, maxSheetBytes: 8 * 1024 * 1024 };

/** The cells of the file's first sheet (xlsx by its zip signature, else CSV), read up to the limits. */
export async function readTable(buffer: Buffer): Promise<string[][]> {
  if (buffer.length > IMPORT_MAX_BYTES) throw new SpreadsheetError('too_large');
  return readSheet(buffer, IMPORT_SHEET_LIMITS);
}

/**
 * The file read by `read`, or its refusal as an HTTP error. Routes read files before opening the
 * workspace's transaction, so no database connection waits on the parsing (PGlite has only one).
 */
export async function readOrRefuse<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    throw importRefusal(error) ?? error;
  }
}

/** The answer to a file refused as a whole, in the caller's language; null for any other error. */
function importRefusal(error: unknown): AppError | null {
  if (error instanceof SpreadsheetError && error.reason === 'too_large') {
    return new AppError(413, '_PAYLOAD_TOO_LARGE', 'template.import_sheet_too_large', {
      max: `${IMPORT_SHEET_LIMITS.maxSheetBytes / (1024 * 1024)} MB`,
    });
  }
  const reason = error instanceof SpreadsheetError || error instanceof ImportFileError ? error.reason : null;
  if (!reason || reason === 'too_large') return null;
  const key = {
    unreadable: 'template.import_unreadable',
    no_title_column: 'template.import_no_title_column',
    too_many_rows: 'template.import_too_many_rows',
    empty: 'template.import_empty',
  } as const;
  return new AppError(422, 'CKL_IMPORT_FILE_INVALID', key[reason], { count: IMPORT_MAX_ROWS });
}

export type ImportFileRows = { row: number; values: ImportRow }[];

/** The rows of the file, keyed by the known columns. */
export async function readImportFile(buffer: Buffer): Promise<ImportFileRows> {
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
      values: Object.fromEntries(
        IMPORT_COLUMNS.map((column) => [column, index.has(column) ? (cells[index.get(column)!] ?? '').trim() : '']),
      ) as ImportRow,
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
    if (
      !(ITEM_TYPES as readonly string[]).includes(type) ||
      isPageType(type) ||
      type === 'section' ||
      NOT_IMPORTABLE_TYPES.includes(type)
    ) {
      report.errors.push(`type: ${message('CKL_TYPE_NOT_SUPPORTED')}`);
    }
    const required = values.required.toLowerCase();
    if (!YES.has(required) && !NO.has(required)) report.errors.push(`required: ${message('CKL_OPTION_INVALID', { option: 'required' })}`);
    const labels =
      values.options === ''
        ? []
        : values.options
            .split('|')
            .map((label) => label.trim())
            .filter(Boolean);
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
      const report = (issue.item_id && itemRow.get(issue.item_id)) || reports[0];
      report.errors.push(message(issue.code, issue.params));
    }
  }
  return { ok: false, error_count: reports.filter((report) => report.errors.length > 0).length, rows: reports };
}
