/**
 * The first sheet of an xlsx, row by row, read from the archive as it is inflated: the shared strings
 * first, then the sheet, each capped in unpacked bytes, and nothing kept past the columns asked for.
 * Formulas are never evaluated: a formula cell gives the result its writer stored.
 */
import { SpreadsheetError, type SheetLimits } from './errors.ts';
import { parseXml, parseXmlPart } from './xml.ts';
import { unpack, zipEntries, type ZipEntry } from './zip.ts';

export interface SheetRow {
  /** The row number the spreadsheet shows (1 for the first row). */
  row: number;
  cells: string[];
  /** How much of the file (or of its sheet) is read once this row is: 0 to 1, for progress only. */
  read: number;
}

/** workbook.xml and its relationships list sheets, not data: a megabyte is far more than they need. */
const PART_MAX_BYTES = 1024 * 1024;

export async function* xlsxRows(buffer: Buffer, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const entries = zipEntries(buffer);
  const parts = await workbookParts(entries);
  const sheet = parts.sheet ? entries.get(parts.sheet) : undefined;
  if (!sheet) throw new SpreadsheetError('unreadable');
  const strings = new SharedStrings(entries.get(parts.sharedStrings), limits.maxSheetBytes);
  try {
    yield* sheetRows(sheet, strings, limits);
  } finally {
    await strings.close();
  }
}

/** The path of the workbook's first sheet and of its shared strings, from workbook.xml and its relationships. */
async function workbookParts(entries: Map<string, ZipEntry>): Promise<{ sheet: string | undefined; sharedStrings: string }> {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  let firstSheetId: string | undefined;
  const targets = new Map<string, string>();
  let sharedStrings = 'xl/sharedStrings.xml';
  if (workbook && relations) {
    await parseXmlPart(unpack(workbook, PART_MAX_BYTES), {
      open(name, attributes) {
        if (name !== 'sheet' || firstSheetId !== undefined) return;
        const id = Object.entries(attributes).find(([attribute]) => attribute.endsWith(':id'));
        firstSheetId = id?.[1];
      },
      text() {},
      close() {},
    });
    await parseXmlPart(unpack(relations, PART_MAX_BYTES), {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
        const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : `xl/${attributes.Target}`;
        targets.set(attributes.Id, target);
        if (attributes.Type?.endsWith('/sharedStrings')) sharedStrings = target;
      },
      text() {},
      close() {},
    });
  }
  // Without a workbook part (some generators), the lowest-numbered sheet is the first.
  const fallback = [...entries.keys()]
    .map((name) => ({ name, number: Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1]) }))
    .filter((entry) => Number.isInteger(entry.number))
    .sort((a, b) => a.number - b.number)[0]?.name;
  return { sheet: firstSheetId === undefined ? fallback : targets.get(firstSheetId), sharedStrings };
}

/**
 * The shared strings, read only as far as the rows met so far need them: the first rows of a big
 * workbook (a preview, an upload's check) cost a few strings, not all of them.
 */
class SharedStrings {
  private readonly strings: string[] = [];
  private source: AsyncGenerator<string[]> | undefined;

  constructor(entry: ZipEntry | undefined, maxBytes: number) {
    this.source = entry ? sharedStringBatches(entry, maxBytes) : undefined;
  }

  /** Reads on until the string at `index` is known, or the part ends. */
  async reach(index: number): Promise<void> {
    while (this.source && this.strings.length <= index) {
      const next = await this.source.next();
      if (next.done) this.source = undefined;
      else for (const text of next.value) this.strings.push(text);
    }
  }

  at(index: number): string {
    return this.strings[index] ?? '';
  }

  async close(): Promise<void> {
    await this.source?.return(undefined);
  }
}

/** Shared strings in order, chunk by chunk; the phonetic runs (`rPh`) of East Asian text are not part of the value. */
async function* sharedStringBatches(entry: ZipEntry, maxBytes: number): AsyncGenerator<string[]> {
  const batch: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = false;
  const handlers = {
    open(name: string) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic = true;
      else if (name === 't') inText = !phonetic;
    },
    text(text: string) {
      if (current !== null && inText) current += text;
    },
    close(name: string) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'si' && current !== null) {
        batch.push(current);
        current = null;
      }
    },
  };
  for await (const _ of parseXml(unpack(entry, maxBytes), handlers)) if (batch.length > 0) yield batch.splice(0);
  if (batch.length > 0) yield batch.splice(0);
}

/** `AB12` → 28; past `max` the exact number does not matter. */
function columnOf(reference: string | undefined, max: number): number | null {
  const letters = reference ? /^([A-Za-z]+)\d*$/.exec(reference)?.[1] : undefined;
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) {
    column = column * 26 + (letter.charCodeAt(0) - 64);
    if (column > max) return max + 1;
  }
  return column;
}

/** A row as parsed: its shared-string cells (column, string index) are filled in once the strings are read that far. */
type ParsedRow = SheetRow & { shared: Array<[column: number, index: number]> };

async function* sheetRows(entry: ZipEntry, strings: SharedStrings, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const done: ParsedRow[] = [];
  let row: ParsedRow | null = null;
  let lastRow = 0;
  let nextColumn = 1;
  let cell: { column: number; type: string | undefined; value: string; inline: string } | null = null;
  let inValue = false;
  let inInline = false;
  let inInlineText = false;
  let phonetic = false;

  const handlers = {
    open(name: string, attributes: Record<string, string>) {
      if (name === 'row') {
        const number = attributes.r === undefined ? lastRow + 1 : Number(attributes.r);
        if (!Number.isInteger(number) || number <= lastRow) throw new SpreadsheetError('unreadable');
        row = { row: number, cells: [], read: 0, shared: [] };
        lastRow = number;
        nextColumn = 1;
      } else if (name === 'c' && row) {
        const column = columnOf(attributes.r, limits.maxColumns) ?? nextColumn;
        cell = { column, type: attributes.t, value: '', inline: '' };
        nextColumn = column + 1;
      } else if (cell) {
        if (name === 'v') inValue = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic = true;
        else if (name === 't') inInlineText = inInline && !phonetic;
      }
    },
    text(text: string) {
      if (!cell || cell.column > limits.maxColumns) return;
      if (inValue) cell.value += text;
      else if (inInlineText) cell.inline += text;
    },
    close(name: string) {
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 't') inInlineText = false;
      else if (name === 'c' && cell && row) {
        const index = Number(cell.value);
        if (cell.type === 's') {
          if (cell.column <= limits.maxColumns && Number.isInteger(index) && index >= 0) row.shared.push([cell.column - 1, index]);
          cell = null;
          return;
        }
        const text = cellText(cell).trim();
        if (cell.column <= limits.maxColumns && text !== '') {
          while (row.cells.length < cell.column - 1) row.cells.push('');
          row.cells[cell.column - 1] = text;
        }
        cell = null;
      } else if (name === 'row' && row) {
        if (row.cells.length > 0 || row.shared.length > 0) done.push(row);
        row = null;
      }
    },
  };
  // The declared size is trusted for progress, never for limits (unpack counts what it inflates).
  let unpacked = 0;
  const read = () => (entry.declaredSize > 0 ? Math.min(1, unpacked / entry.declaredSize) : 0);
  async function* counted() {
    for await (const chunk of unpack(entry, limits.maxSheetBytes)) {
      unpacked += chunk.length;
      yield chunk;
    }
  }
  /** The row with its shared strings filled in; null when none of its cells has text after all. */
  async function withStrings({ shared, ...parsed }: ParsedRow): Promise<SheetRow | null> {
    if (shared.length > 0) {
      await strings.reach(Math.max(...shared.map(([, index]) => index)));
      for (const [column, index] of shared) {
        const text = strings.at(index).trim();
        if (text === '') continue;
        while (parsed.cells.length < column) parsed.cells.push('');
        parsed.cells[column] = text;
      }
    }
    return parsed.cells.length > 0 ? parsed : null;
  }
  for await (const _ of parseXml(counted(), handlers)) {
    for (const finished of done.splice(0)) {
      const complete = await withStrings(finished);
      if (complete) yield { ...complete, read: read() };
    }
  }
  for (const finished of done.splice(0)) {
    const complete = await withStrings(finished);
    if (complete) yield { ...complete, read: 1 };
  }
}

/** A cell's text other than a shared string's. */
function cellText(cell: { type: string | undefined; value: string; inline: string }): string {
  switch (cell.type) {
    case 'inlineStr':
      return cell.inline;
    case 'b':
      return cell.value === '1' ? 'true' : 'false';
    case 'e':
      return '';
    default:
      return cell.value;
  }
}
