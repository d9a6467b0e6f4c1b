/**
 * Reading the parts of a zip (an xlsx) held in memory. Only the directory is trusted, and only for
 * where an entry's bytes are: what it unpacks to is counted while inflating, never taken from the
 * sizes the archive declares.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { SpreadsheetError } from './errors.ts';

export interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
  /** What the directory says the entry unpacks to: enough to refuse, never to accept. */
  declaredSize: number;
}

const MAX_ENTRIES = 500;
/**
 * Sheet XML deflates to a tenth or a twentieth of its size; a zip bomb to a thousandth. Past a
 * megabyte unpacked, an entry inflating beyond this ratio is refused at once, long before its cap.
 */
const MAX_RATIO = 200;
const RATIO_CHECKED_FROM = 1024 * 1024;
const STORED_CHUNK = 64 * 1024;

export const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;

const unreadable = () => new SpreadsheetError('unreadable');

/** The archive's entries by name, their compressed bytes located through the local headers. */
export function zipEntries(buffer: Buffer): Map<string, ZipEntry> {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buffer.length) throw unreadable();
  const count = buffer.readUInt16LE(eocd + 10);
  // 0xffff / 0xffffffff mean ZIP64, which an xlsx never needs.
  if (count > MAX_ENTRIES) throw new SpreadsheetError('too_large');
  let at = buffer.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressed = buffer.readUInt32LE(at + 20);
    const declaredSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable();
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (start + compressed > buffer.length) throw unreadable();
    entries.set(name, { name, method, data: buffer.subarray(start, start + compressed), declaredSize });
  }
  return entries;
}

/**
 * The entry's unpacked bytes, chunk by chunk as they are inflated; past `maxBytes` the inflating
 * stops and the archive is refused as too large, whatever its directory declared (an entry that
 * declares more is refused before any inflating).
 */
export async function* unpack(entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  if (entry.declaredSize > maxBytes) throw new SpreadsheetError('too_large');
  const source =
    entry.method === 8 ? Readable.from([entry.data], { objectMode: false }).pipe(createInflateRaw()) : storedChunks(entry.data);
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new SpreadsheetError('too_large');
      if (total > RATIO_CHECKED_FROM && total > entry.data.length * MAX_RATIO) throw new SpreadsheetError('too_large');
      yield chunk;
    }
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : unreadable();
  } finally {
    if (source instanceof Readable) source.destroy();
  }
}

function* storedChunks(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += STORED_CHUNK) yield data.subarray(at, at + STORED_CHUNK);
}
