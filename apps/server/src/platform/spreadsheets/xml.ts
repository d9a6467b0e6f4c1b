import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { SpreadsheetError } from './errors.ts';

export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * No cell holds more than 32,767 characters (Excel's limit), about 200,000 once escaped: a longer run
 * of characters without markup is no spreadsheet, and is refused before the parser scans it (a zip
 * bomb is one such run, and inflating is several times faster than parsing).
 */
const MAX_RUN = 256 * 1024;

/** The element's name without its namespace prefix (`x:row` → `row`): some writers prefix SpreadsheetML. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses XML as its chunks arrive, yielding after each chunk so the caller can hand on (and stop at)
 * what the handlers gathered. A document type declaration is refused: SpreadsheetML has none, and
 * entity declarations are how XML expands a few bytes into many.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('doctype', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('text', (text) => handlers.text(text));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  let run = 0;
  const write = (text: string) => {
    // Chunks are far shorter than MAX_RUN, so only the runs across chunk boundaries need counting.
    const first = text.indexOf('<');
    if (run + (first < 0 ? text.length : first) > MAX_RUN) throw new SpreadsheetError('too_large');
    run = first < 0 ? run + text.length : text.length - text.lastIndexOf('<') - 1;
    if (!failed) parser.write(text);
    if (failed) throw new SpreadsheetError('unreadable');
  };
  for await (const chunk of chunks) {
    write(decoder.write(chunk));
    yield;
    // Inflated chunks are often already waiting, and awaiting them alone never lets the event loop
    // turn: without this, other requests would wait for the whole sheet.
    await nextTurn();
  }
  write(decoder.end());
  if (!failed) parser.close();
  if (failed) throw new SpreadsheetError('unreadable');
}

/** Parses a whole (small, already capped) XML part. */
export async function parseXmlPart(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(chunks, handlers));
}
