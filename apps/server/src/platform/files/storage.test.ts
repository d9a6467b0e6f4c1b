import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { isStoragePath } from './storage-path.ts';
import type { FileStorage } from './storage.ts';

const aPath = () => `${randomUUID()}/${randomBytes(24).toString('base64url')}.txt`;

let s3: TestS3;
let localRoot: string;
beforeAll(async () => {
  s3 = await startTestS3();
  localRoot = mkdtempSync(join(tmpdir(), 'vigil-local-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const drivers: [string, () => FileStorage | Promise<FileStorage>][] = [
  ['local disk', () => createLocalStorage(localRoot)],
  [
    'S3 (s3rver)',
    () =>
      createS3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: s3.bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describe.each(drivers)('the %s driver', (_name, makeStorage) => {
  it('stores, reads back and deletes a file', async () => {
    const storage = await makeStorage();
    const path = aPath();
    const content = `hello ${randomUUID()}`;
    await storage.put(path, Readable.from([Buffer.from(content)]), Buffer.byteLength(content), 'text/plain');
    expect(await text((await storage.get(path))!)).toBe(content);
    await storage.delete(path);
    expect(await storage.get(path)).toBeNull();
  });

  it('answers null for a file it never stored, and deleting it is not an error', async () => {
    const storage = await makeStorage();
    const path = aPath();
    expect(await storage.get(path)).toBeNull();
    await expect(storage.delete(path)).resolves.toBeUndefined();
  });

  it.each(['../etc/passwd', `${randomUUID()}/../../x.txt`, '/absolute.txt', `${randomUUID()}/short.txt`])(
    'refuses the path %s',
    async (path) => {
      const storage = await makeStorage();
      await expect(storage.get(path)).rejects.toThrow(/not a storage path/);
      await expect(storage.put(path, Readable.from([Buffer.from('x')]), 1, 'text/plain')).rejects.toThrow(/not a storage path/);
    },
  );
});

describe('the local disk driver', () => {
  it('leaves no partial file behind when the body fails half way', async () => {
    const storage = createLocalStorage(localRoot);
    const path = aPath();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put(path, failing, 4096, 'text/plain')).rejects.toThrow('connection lost');
    expect(readdirSync(join(localRoot, path.split('/')[0]))).toEqual([]);
  });
});

describe('isStoragePath', () => {
  it('accepts only {workspace id}/{random part}.{extension}', () => {
    expect(isStoragePath(aPath())).toBe(true);
    expect(isStoragePath(`${randomUUID()}/${randomBytes(24).toString('base64url')}`)).toBe(false);
    expect(isStoragePath(`${randomUUID()}/${randomBytes(24).toString('base64url')}.php.`)).toBe(false);
  });
});
