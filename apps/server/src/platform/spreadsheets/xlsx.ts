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
  const shared = entries.get(parts.sharedStrings);
  const strings = shared ? await sharedStrings(shared, limits.maxSheetBytes) : [];
  yield* sheetRows(sheet, strings, limits);
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

/** Shared strings in order; the phonetic runs (`rPh`) of East Asian text are not part of the value. */
async function sharedStrings(entry: ZipEntry, maxBytes: number): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = false;
  await parseXmlPart(unpack(entry, maxBytes), {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic = true;
      else if (name === 't') inText = !phonetic;
    },
    text(text) {
      if (current !== null && inText) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'si' && current !== null) {
        strings.push(current);
        current = null;
      }
    },
  });
  return strings;
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

async function* sheetRows(entry: ZipEntry, strings: string[], limits: SheetLimits): AsyncGenerator<SheetRow> {
  const done: SheetRow[] = [];
  let row: SheetRow | null = null;
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
        row = { row: number, cells: [], read: 0 };
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
        const text = cellText(cell, strings).trim();
        if (cell.column <= limits.maxColumns && text !== '') {
          while (row.cells.length < cell.column - 1) row.cells.push('');
          row.cells[cell.column - 1] = text;
        }
        cell = null;
      } else if (name === 'row' && row) {
        if (row.cells.length > 0) done.push(row);
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
  for await (const _ of parseXml(counted(), handlers)) {
    for (const finished of done.splice(0)) yield { ...finished, read: read() };
  }
  for (const finished of done.splice(0)) yield { ...finished, read: 1 };
}

function cellText(cell: { type: string | undefined; value: string; inline: string }, strings: string[]): string {
  switch (cell.type) {
    case 's':
      return strings[Number(cell.value)] ?? '';
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
