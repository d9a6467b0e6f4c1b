import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { SpreadsheetError, type SheetLimits } from './errors.ts';
import type { SheetRow } from './xlsx.ts';

const CHUNK_CHARACTERS = 64 * 1024;
/** Records parsed between two turns of the event loop, so other requests are served meanwhile. */
const RECORDS_PER_TURN = 500;
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * CSV records as they are parsed, fed in chunks so that stopping (at the row limit) stops the
 * parsing too. UTF-8 with or without BOM; `;` when the first line has semicolons and no commas.
 */
export async function* csvRows(buffer: Buffer, limits: SheetLimits): AsyncGenerator<SheetRow> {
  if (buffer.includes(0)) throw new SpreadsheetError('unreadable');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  const firstLine = text.split('\n', 1)[0] ?? '';
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
    delimiter: firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',',
  });
  const source = Readable.from(chunks(text));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (row % RECORDS_PER_TURN === 0) await nextTurn();
      yield {
        row,
        cells: record.slice(0, limits.maxColumns).map((cell) => cell.trim()),
        read: Math.min(1, parser.info.bytes / text.length),
      };
    }
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError('unreadable');
  } finally {
    source.destroy();
    parser.destroy();
  }
}

function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += CHUNK_CHARACTERS) yield text.slice(at, at + CHUNK_CHARACTERS);
}
