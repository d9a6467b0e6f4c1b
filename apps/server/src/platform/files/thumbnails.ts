import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import type { FileRow } from './files.repo.ts';
import { isInlineImage } from './inline-images.ts';
import type { FileStorage } from './storage.ts';
import { loadSharp, MAX_IMAGE_PIXELS } from './upload.ts';

/** A thumbnail fits in this square (twice the report's 96 px, for sharp screens). */
export const THUMBNAIL_SIDE = 192;
const THUMBNAIL_QUALITY = 70;
/** Pictures shrunk at once by this process: each holds its original's bytes and pixels meanwhile. */
const AT_ONCE = 2;

/**
 * A picture's thumbnail is kept beside it in the storage, under the same random part with the extension `thumb`
 * (no upload has that type, and a stored file's URL never names it: `/storage/…` serves rows of `files` only).
 */
export const thumbnailPathOf = (path: string) => `${path.slice(0, path.lastIndexOf('.'))}.thumb`;

/** What every thumbnail is. */
export const THUMBNAIL_TYPE = { mime: 'image/webp', ext: 'webp' } as const;

/**
 * Thumbnails of stored pictures (JPEG, PNG, GIF, WebP): a WebP of at most 192 × 192 px, made on the first ask
 * and kept in the storage, so that a report of a hundred photos sends a few kilobytes a photo instead of their
 * full size. Removed with their picture (`remove`).
 */
export function createThumbnails(storage: FileStorage) {
  const making = new Map<string, Promise<Buffer | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    // A finished turn hands its place to the next waiting one, so no more than AT_ONCE ever run.
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  async function make(file: FileRow): Promise<Buffer | null> {
    const original = await storage.get(file.path);
    if (!original) return null;
    const sharp = await loadSharp();
    const bytes = await sharp(await buffer(original), { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    // Not kept (the storage refused it): made again next time, sent now all the same.
    await storage.put(thumbnailPathOf(file.path), Readable.from([bytes]), bytes.length, THUMBNAIL_TYPE.mime).catch(() => undefined);
    return bytes;
  }

  /** The file's thumbnail (`THUMBNAIL_TYPE`), made now if it was never asked for; null when the file is no picture or its bytes are gone. */
  async function thumbnailOf(file: FileRow): Promise<Buffer | null> {
    if (!isInlineImage(file.mime)) return null;
    const kept = await storage.get(thumbnailPathOf(file.path));
    if (kept) return buffer(kept);
    // Asked for twice at once (a report opened by two readers), it is made once.
    let made = making.get(file.path);
    if (!made) {
      made = inTurn(() => make(file)).finally(() => making.delete(file.path));
      making.set(file.path, made);
    }
    return made;
  }

  /** Removes the thumbnail of a stored file, if it has one. */
  const remove = (path: string) => storage.delete(thumbnailPathOf(path));

  return { thumbnailOf, remove };
}
