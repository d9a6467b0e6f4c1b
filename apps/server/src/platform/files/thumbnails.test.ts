import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { fileUpload, noisyImage } from '../../test/multipart.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import type { FileRow } from './files.repo.ts';
import { createLocalStorage } from './local-storage.ts';
import { createThumbnails, THUMBNAIL_SIDE, thumbnailPathOf } from './thumbnails.ts';

const upload = async (who: SignedIn, content: Buffer, name: string, type: string) => {
  const { body, headers } = fileUpload(content, name, type);
  const response = await who.agent.post('/api/file/upload', body, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.file as { id: string; url: string; path: string; size: number };
};

/** A photo as a phone takes it: wider than high, a few hundred kilobytes. */
const photo = () =>
  noisyImage('jpeg', 1024).then((square) => sharp(square).resize(1024, 768, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer());

function describeThumbnails(driver: string, setUp: () => Promise<{ t: TestApp; close: () => Promise<void> }>) {
  describe(`thumbnails of pictures (${driver})`, () => {
    let t: TestApp;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ t, close } = await setUp());
    });
    afterAll(() => close());

    it('sends a picture asked with size=thumb as a small WebP, made once and kept', async () => {
      const admin = await t.asAdmin();
      const file = await upload(admin, await photo(), 'Pump.jpg', 'image/jpeg');
      const first = await admin.agent.get(`${file.url}?size=thumb`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['content-disposition']).toMatch(/^inline; filename="Pump.webp"/);
      expect(first.headers['cache-control']).toBe('private, max-age=86400, immutable');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const { width, height, format } = await sharp(first.rawPayload).metadata();
      expect([format, width, height]).toEqual(['webp', THUMBNAIL_SIDE, 144]);
      expect(first.rawPayload.length).toBeLessThan(file.size / 10);

      const again = await admin.agent.get(`${file.url}?size=thumb`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      // The picture itself is unchanged.
      const whole = await admin.agent.get(file.url);
      expect([whole.headers['content-type'], whole.rawPayload.length]).toEqual(['image/jpeg', file.size]);
    });

    it('never enlarges a small picture, and sends any other file whole', async () => {
      const admin = await t.asAdmin();
      const icon = await upload(admin, await noisyImage('png', 100), 'icon.png', 'image/png');
      const thumb = await admin.agent.get(`${icon.url}?size=thumb`);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(100);

      const pdf = await upload(
        admin,
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024, 0x20)]),
        'plan.pdf',
        'application/pdf',
      );
      const sent = await admin.agent.get(`${pdf.url}?size=thumb`);
      expect([sent.statusCode, sent.headers['content-type'], sent.rawPayload.length]).toEqual([200, 'application/pdf', pdf.size]);
    });

    it('keeps strangers out as the picture does, and refuses sizes it does not make', async () => {
      const admin = await t.asAdmin();
      const file = await upload(admin, await photo(), 'Pump.jpg', 'image/jpeg');
      expect((await t.agent().get(`${file.url}?size=thumb`)).statusCode).toBe(401);
      const stranger = await t.asAdmin();
      expect((await stranger.agent.get(`${file.url}?size=thumb`)).statusCode).toBe(404);
      expect((await admin.agent.get(`${file.url}?size=huge`)).statusCode).toBe(422);
      // A kept thumbnail is no file of the workspace: its own address answers 404.
      await admin.agent.get(`${file.url}?size=thumb`);
      expect((await admin.agent.get(file.url.replace(/\.jpg$/, '.thumb'))).statusCode).toBe(404);
    });
  });
}

describeThumbnails('local disk', async () => {
  const t = await createTestApp();
  return { t, close: () => t.close() };
});

describeThumbnails('S3', async () => {
  const s3: TestS3 = await startTestS3();
  const t = await createTestApp({ env: s3.env });
  return {
    t,
    close: async () => {
      await t.close();
      await s3.close();
    },
  };
});

describe('a thumbnail on the local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lies beside its picture', async () => {
    const admin = await t.asAdmin();
    const file = await upload(admin, await photo(), 'Pump.jpg', 'image/jpeg');
    await admin.agent.get(`${file.url}?size=thumb`);
    const random = file.path.slice(file.path.indexOf('/') + 1, file.path.lastIndexOf('.'));
    expect(readdirSync(join(t.config.STORAGE_DIR, admin.workspaceId)).sort()).toEqual([`${random}.jpg`, `${random}.thumb`]);
  });

  it('is not made of a picture that no longer decodes: the picture is sent whole', async () => {
    const admin = await t.asAdmin();
    const file = await upload(admin, await photo(), 'Pump.jpg', 'image/jpeg');
    const damaged = Buffer.alloc(file.size, 7);
    writeFileSync(join(t.config.STORAGE_DIR, file.path), damaged);
    const sent = await admin.agent.get(`${file.url}?size=thumb`);
    expect([sent.statusCode, sent.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(sent.rawPayload.equals(damaged)).toBe(true);
  });
});

describe('thumbnails of what is no picture after all', () => {
  it('are not made of bytes that do not decode, and nothing is kept', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vigil-thumbnails-'));
    try {
      const storage = createLocalStorage(root);
      const path = `${randomUUID()}/${'a'.repeat(32)}.jpg`;
      const garbage = Buffer.alloc(20_000, 7);
      await storage.put(path, Readable.from([garbage]), garbage.length, 'image/jpeg');
      const file = { path, mime: 'image/jpeg', size: garbage.length, originalName: 'x.jpg' } as FileRow;
      await expect(createThumbnails(storage).thumbnailOf(file)).rejects.toThrow();
      expect(await storage.get(thumbnailPathOf(path))).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
