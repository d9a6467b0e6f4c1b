import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** Where the bytes of stored files live. Paths are checked by the caller (`isStoragePath`). */
export interface FileStorage {
  /** Writes the whole body under `path`; `size` is known because uploads are received first. */
  put(path: string, body: Readable, size: number, mime: string): Promise<void>;
  /** The file's bytes, or null when nothing is stored under `path`. */
  get(path: string): Promise<Readable | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(path: string): Promise<void>;
}

export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(config.STORAGE_DIR);
}
