import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, files } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { fileUpload, multipart, noisyImage } from '../../test/multipart.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';

const upload = (who: SignedIn, body: { body: Buffer; headers: Record<string, string> }) =>
  who.agent.post('/api/file/upload', body.body, body.headers);

/** What the workspace has stored: rows in `files` and, for the local driver, files on disk. */
async function storedIn(t: TestApp, workspaceId: string) {
  const rows = await t.database.db.select().from(files).where(eq(files.workspaceId, workspaceId));
  const folder = join(t.config.STORAGE_DIR, workspaceId);
  return { rows: rows.length, onDisk: existsSync(folder) ? readdirSync(folder).length : 0 };
}

const padded = (head: string, size = 12 * 1024) => Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0x20)]);

describe('file upload and storage (local disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores an image and serves it inline to members of the workspace', async () => {
    const admin = await t.asAdmin();
    const response = await upload(admin, fileUpload(await noisyImage('png'), 'floor plan.png'));
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data.file;
    expect(file).toMatchObject({ name: 'floor plan.png', mime: 'image/png', url: `/storage/${file.path}` });
    expect(file.path).toMatch(new RegExp(`^${admin.workspaceId}/[A-Za-z0-9_-]{32}\\.png$`));
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 1, onDisk: 1 });
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.type, 'file.uploaded')));
    expect(entry).toMatchObject({ objectType: 'file', objectId: file.id, userId: admin.userId });

    const member = await t.asMember(admin.workspaceId);
    const served = await member.agent.get(file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="floor plan.png"/);
    expect(served.rawPayload.length).toBe(file.size);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(128);
  });

  it('strips metadata such as the GPS position from pictures and turns them upright', async () => {
    const admin = await t.asAdmin();
    const photo = await sharp(await noisyImage('jpeg', 160), {})
      .resize(160, 120)
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeTruthy();
    const file = (await upload(admin, fileUpload(photo, 'photo.jpg', 'image/jpeg'))).json().data.file;
    const served = await admin.agent.get(file.url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([120, 160]);
  });

  it('sends anything that is not a picture as a download', async () => {
    const admin = await t.asAdmin();
    const file = (await upload(admin, fileUpload(padded('%PDF-1.4\n'), 'report.pdf', 'application/pdf'))).json().data.file;
    expect(file.mime).toBe('application/pdf');
    const served = await admin.agent.get(file.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
  });

  it.each([
    ['a PDF named .html', padded('%PDF-1.4\n'), 'evil.html', 'text/html', 'evil.pdf', 'application/pdf'],
    ['a PDF named .svg', padded('%PDF-1.4\n'), 'évil.svg', 'image/svg+xml', 'évil.pdf', 'application/pdf'],
    ['a PNG named .html', null, 'page.html', 'text/html', 'page.png', 'image/png'],
    ['a PDF without extension', padded('%PDF-1.4\n'), 'report', 'application/pdf', 'report.pdf', 'application/pdf'],
    ['a PDF named only .html', padded('%PDF-1.4\n'), '.html', 'text/html', 'file.pdf', 'application/pdf'],
  ])('keeps and serves %s under the extension of its detected type', async (_title, content, name, claimed, expected, mime) => {
    const admin = await t.asAdmin();
    const response = await upload(admin, fileUpload(content ?? (await noisyImage('png')), name, claimed));
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data.file;
    expect(file).toMatchObject({ name: expected, mime });
    expect(file.path.endsWith(`.${expected.split('.').pop()}`)).toBe(true);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row.originalName).toBe(expected);
    const served = await admin.agent.get(file.url);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['content-disposition']).toBe(
      `${mime.startsWith('image/') ? 'inline' : 'attachment'}; filename="${expected.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(expected)}`,
    );
  });

  it('serves a file stored under an uploaded name or type from before as a download with its detected extension', async () => {
    const admin = await t.asAdmin();
    const file = (await upload(admin, fileUpload(padded('%PDF-1.4\n'), 'report.pdf', 'application/pdf'))).json().data.file;
    await t.database.db.update(files).set({ originalName: 'evil.html', mime: 'text/html' }).where(eq(files.id, file.id));
    const served = await admin.agent.get(file.url);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="evil.pdf"/);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['a PHP script named .png', padded('<?php system($_GET["c"]); ?>'), 'shell.png', 'image/png'],
    ['an HTML page named .png', padded('<html><script>alert(1)</script></html>'), 'page.png', 'image/png'],
    ['an SVG picture', padded('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
    ['an executable', padded('MZ\x90\x00'), 'setup.exe', 'application/octet-stream'],
  ])('refuses %s by its content (422) and stores nothing', async (_title, content, name, type) => {
    const admin = await t.asAdmin();
    const response = await upload(admin, fileUpload(content, name, type));
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual({ file: ['This type of file is not allowed.'] });
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 0, onDisk: 0 });
  });

  it('refuses a file under 10 KB (422) and stores nothing', async () => {
    const admin = await t.asAdmin();
    const response = await upload(admin, fileUpload(await noisyImage('png', 40)));
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual({ file: ['The file is smaller than the minimum of 10 KB.'] });
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 0, onDisk: 0 });
  });

  it('stops reading a file over 30 MB (413) and stores nothing, not even a temporary file', async () => {
    const admin = await t.asAdmin();
    const huge = Buffer.concat([await noisyImage('png'), Buffer.alloc(30 * 1024 * 1024)]);
    const response = await upload(admin, fileUpload(huge));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: '_PAYLOAD_TOO_LARGE',
      data: { file: ['The file is larger than the maximum of 30 MB.'] },
    });
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 0, onDisk: 0 });
    expect(readdirSync(join(t.config.DATA_DIR, 'upload-tmp'))).toEqual([]);
  });

  it.each([
    [
      'no multipart body',
      () => ({ body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } }),
      { file: ['Choose a file to upload.'] },
    ],
    ['an empty file', () => fileUpload(Buffer.alloc(0)), { file: ['Choose a file to upload.'] }],
    [
      'a file in another field',
      () => multipart([{ name: 'picture', filename: 'a.png', type: 'image/png', content: 'x' }]),
      { picture: ['This field is not allowed.'] },
    ],
    ['a form without any file', () => multipart([{ name: 'title', content: 'no file here' }]), { file: ['Choose a file to upload.'] }],
  ])('refuses %s with 422', async (_title, body, data) => {
    const admin = await t.asAdmin();
    const response = await upload(admin, body());
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual(data);
  });

  it('refuses a second file (413)', async () => {
    const admin = await t.asAdmin();
    const image = await noisyImage('png');
    const response = await upload(
      admin,
      multipart([
        { name: 'file', filename: 'a.png', content: image },
        { name: 'file', filename: 'b.png', content: image },
      ]),
    );
    expect(response.statusCode).toBe(413);
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 0, onDisk: 0 });
  });

  it('answers 401 without a session and 403 without the anti-forgery header', async () => {
    const admin = await t.asAdmin();
    const body = fileUpload(await noisyImage('png'));
    const anonymous = await t.agent().post('/api/file/upload', body.body, body.headers);
    expect(anonymous.statusCode).toBe(401);
    const forged = await admin.agent.request('POST', '/api/file/upload', body.body, body.headers, false);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('_XSRF_TOKEN_INVALID');
    expect(await storedIn(t, admin.workspaceId)).toEqual({ rows: 0, onDisk: 0 });
  });

  it('does not serve a file to strangers: 401 signed out, 404 to another workspace, 404 for unknown paths', async () => {
    const admin = await t.asAdmin();
    const file = (await upload(admin, fileUpload(await noisyImage('png')))).json().data.file;
    expect((await t.agent().get(file.url)).statusCode).toBe(401);
    const stranger = await t.asAdmin();
    const refused = await stranger.agent.get(file.url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('_OBJECT_NOT_FOUND');
    // The same random name under the stranger's own workspace is not the file either.
    expect((await stranger.agent.get(file.url.replace(admin.workspaceId, stranger.workspaceId))).statusCode).toBe(404);
    for (const url of ['/storage/../../etc/passwd', `/storage/${admin.workspaceId}/nothing-here.png`, '/storage/x/y']) {
      expect((await admin.agent.get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('file upload and storage (S3)', () => {
  let t: TestApp;
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the upload in the bucket and serves it back', async () => {
    const admin = await t.asAdmin();
    const image = await noisyImage('webp');
    const response = await upload(admin, fileUpload(image, 'site.webp', 'image/webp'));
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data.file;
    expect(existsSync(join(t.config.STORAGE_DIR, admin.workspaceId))).toBe(false);
    const served = await admin.agent.get(file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBe(file.size);
  });

  it('refuses a bad file without writing to the bucket', async () => {
    const admin = await t.asAdmin();
    const response = await upload(admin, fileUpload(padded('<html></html>'), 'x.png'));
    expect(response.statusCode).toBe(422);
    expect((await t.database.db.select().from(files).where(eq(files.workspaceId, admin.workspaceId))).length).toBe(0);
  });
});
