import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type SignedIn, type TestApp } from '../../test/harness.ts';
import { fileUpload, multipart, noisyImage } from '../../test/multipart.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

async function newTemplate(who: SignedIn): Promise<string> {
  const response = await who.agent.post('/api/checklist/template/new', { title: 'Floor walk' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

const markerUrl = (templateId: string) => `/api/checklist/template/${templateId}/image-marker/new`;

async function postMarker(who: SignedIn, templateId: string, parts: Parameters<typeof multipart>[0]) {
  const { body, headers } = multipart(parts);
  return who.agent.post(markerUrl(templateId), body, headers);
}

const storedCount = async (workspaceId: string) =>
  (await t.database.db.select().from(files).where(eq(files.workspaceId, workspaceId))).length;

describe('POST /api/checklist/template/{id}/image-marker/new', () => {
  itRefusesStrangers(
    [['POST', markerUrl('00000000-0000-4000-8000-000000000000'), {}]],
    () => ({ t, workspaceId: admin.workspaceId }),
    'CKL_MANAGE_TEMPLATES',
  );

  it('stores the picture and answers the marker with its file, ready for the document', async () => {
    const templateId = await newTemplate(admin);
    const response = await postMarker(admin, templateId, [
      { name: 'uuid', content: 'marker-1' },
      { name: 'options', content: JSON.stringify({ pin_color: '#ff0000' }) },
      { name: 'file', filename: 'plan.png', type: 'image/png', content: await noisyImage('png') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const marker = response.json().data;
    expect(marker).toMatchObject({
      uuid: 'marker-1',
      options: { pin_color: '#ff0000' },
      items: [],
      file: { name: 'plan.png', is_file: true },
    });
    expect(marker.file_id).toBe(marker.file.id);
    const picture = await admin.agent.get(marker.file.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('gives the marker a uuid when the builder sends none', async () => {
    const templateId = await newTemplate(admin);
    const response = await postMarker(admin, templateId, [
      { name: 'file', filename: 'plan.webp', type: 'image/webp', content: await noisyImage('webp') },
    ]);
    expect(response.json().data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('needs the ckl_image_marker plan feature (standard and above)', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    const templateId = await newTemplate(free);
    const refused = await postMarker(free, templateId, [{ name: 'file', filename: 'plan.png', content: await noisyImage('png') }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_FEATURE_REQUIRED',
      data: { feature: 'ckl_image_marker', required_plan: 'standard' },
    });
    expect(await storedCount(free.workspaceId)).toBe(0);
    const standard = await t.asAdmin({ plan: 'standard' });
    const allowed = await postMarker(standard, await newTemplate(standard), [
      { name: 'file', filename: 'plan.png', content: await noisyImage('png') },
    ]);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it("answers 404 for another workspace's template and stores nothing", async () => {
    const templateId = await newTemplate(admin);
    const stranger = await t.asAdmin();
    const response = await postMarker(stranger, templateId, [{ name: 'file', filename: 'plan.png', content: await noisyImage('png') }]);
    expect(response.statusCode).toBe(404);
    expect(await storedCount(stranger.workspaceId)).toBe(0);
    expect(readStorage(stranger.workspaceId)).toEqual([]);
  });

  it.each([
    [
      'a PDF',
      () =>
        Promise.resolve(
          fileUpload(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024, 0x20)]), 'plan.pdf', 'application/pdf'),
        ),
      { file: ['This type of file is not allowed.'] },
    ],
    [
      'an HTML page named .png',
      () => Promise.resolve(fileUpload(Buffer.concat([Buffer.from('<html>'), Buffer.alloc(12 * 1024, 0x20)]), 'plan.png')),
      { file: ['This type of file is not allowed.'] },
    ],
    [
      'a picture under 10 KB',
      async () => fileUpload(await noisyImage('png', 40)),
      { file: ['The file is smaller than the minimum of 10 KB.'] },
    ],
    ['no file', () => Promise.resolve(multipart([{ name: 'uuid', content: 'm' }])), { file: ['Choose a file to upload.'] }],
    [
      'options that are not JSON',
      async () =>
        multipart([
          { name: 'options', content: '{oops' },
          { name: 'file', filename: 'a.png', content: await noisyImage('png') },
        ]),
      { options: ['This value is not valid.'] },
    ],
  ])('refuses %s with 422 and stores nothing', async (_title, makeBody, data) => {
    const owner = await t.asAdmin();
    const templateId = await newTemplate(owner);
    const { body, headers } = await makeBody();
    const response = await owner.agent.post(markerUrl(templateId), body, headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual(data);
    expect(await storedCount(owner.workspaceId)).toBe(0);
    expect(readStorage(owner.workspaceId)).toEqual([]);
  });
});

function readStorage(workspaceId: string): string[] {
  const folder = join(t.config.STORAGE_DIR, workspaceId);
  return existsSync(folder) ? readdirSync(folder) : [];
}
