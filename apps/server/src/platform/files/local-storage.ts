import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStoragePath } from './storage-path.ts';
import type { FileStorage } from './storage.ts';

/** Files on local disk under `root` (default `DATA_DIR/files`). */
export function createLocalStorage(root: string): FileStorage {
  const fullPath = (path: string) => {
    if (!isStoragePath(path)) throw new Error(`not a storage path: ${path}`);
    return join(root, path);
  };
  return {
    async put(path, body) {
      const target = fullPath(path);
      await mkdir(dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(path) {
      const stream = createReadStream(fullPath(path));
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
      });
    },
    async delete(path) {
      await rm(fullPath(path), { force: true });
    },
  };
}
