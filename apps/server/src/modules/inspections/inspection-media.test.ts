import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INSPECTION_MEDIA_MAX_BYTES } from '@vigil/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, inspectionAnswers, inspectionMedia } from '../../db/schema/index.ts';
import { thumbnailPathOf } from '../../platform/files/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  json,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadMedia,
  uploadedMedia,
} from '../../test/inspections.ts';
import { asRole } from '../../test/members.ts';

let t: TestApp;
let admin: SignedIn;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
});
afterAll(() => t.close());

const storedBytes = (url: string) => join(t.config.STORAGE_DIR, url.replace(/^\/storage\//, ''));

describe('POST /api/inspections/{id}/media', () => {
  it('stores a small file (a drawn signature is under the general 10 KB minimum) for the inspection, served to members', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const response = await uploadMedia(admin.agent, inspection.id);
    expect(response.statusCode, response.body).toBe(200);
    const media = json(response);
    expect(media.message).toBeUndefined();
    expect(media.data).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/storage\//),
      name: 'photo.png',
      mime: 'image/png',
      size: expect.any(Number),
    });
    expect(media.data.size).toBeLessThan(10 * 1024);
    expect((await admin.agent.get(media.data.url)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(inspectionMedia).where(eq(inspectionMedia.fileId, media.data.id));
    expect(rows.map((row) => row.inspectionId)).toEqual([inspection.id]);
  });

  it('refuses a file of a type not allowed, one over 30 MB, and takes only what the caller may answer', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const text = await uploadMedia(admin.agent, inspection.id, Buffer.from('<html>hello</html>'), 'page.html', 'text/html');
    expect([text.statusCode, json(text).data]).toEqual([422, { file: ['This type of file is not allowed.'] }]);
    const huge = await uploadMedia(admin.agent, inspection.id, Buffer.alloc(INSPECTION_MEDIA_MAX_BYTES + 1024, 1));
    expect([huge.statusCode, json(huge).code]).toEqual([413, '_PAYLOAD_TOO_LARGE']);

    const auditor = await asRole(t, admin.workspaceId, ['INS_CONDUCT_INSPECTIONS']);
    expect((await uploadMedia(auditor.agent, inspection.id)).statusCode).toBe(404);
    const reader = await t.asMember(admin.workspaceId);
    expect((await uploadMedia(reader.agent, inspection.id)).statusCode).toBe(403);
    const other = await t.asAdmin();
    expect((await uploadMedia(other.agent, inspection.id)).statusCode).toBe(404);
    await admin.agent.put(`/api/inspections/${inspection.id}/archive`);
    const archived = await uploadMedia(admin.agent, inspection.id);
    expect([archived.statusCode, json(archived).code]).toEqual([409, 'INS_ARCHIVED']);
    const kept = await t.database.db.select().from(inspectionMedia).where(eq(inspectionMedia.inspectionId, inspection.id));
    expect(kept).toEqual([]);
  });
});

describe('deleting inspections', () => {
  it('removes their answers, their media rows, files and stored bytes, and nothing of other inspections', async () => {
    const doomed = await startInspection(admin.agent, templateId);
    const kept = await startInspection(admin.agent, templateId);
    const photo = await uploadedMedia(admin.agent, doomed.id);
    const signature = await uploadedMedia(admin.agent, doomed.id);
    const keptPhoto = await uploadedMedia(admin.agent, kept.id);
    expect(
      (await saveAnswers(admin.agent, doomed.id, [answer('photo', [photo]), answer('signed', { file: signature, name: 'Ada' })]))
        .statusCode,
    ).toBe(200);
    expect((await saveAnswers(admin.agent, kept.id, [answer('photo', [keptPhoto])])).statusCode).toBe(200);
    expect(existsSync(storedBytes(photo.url))).toBe(true);
    // The report showed the photos as thumbnails, which the storage keeps beside them.
    for (const media of [photo, keptPhoto]) expect((await admin.agent.get(`${media.url}?size=thumb`)).statusCode).toBe(200);
    const thumbnailOf = (url: string) => storedBytes(thumbnailPathOf(url));
    expect(existsSync(thumbnailOf(photo.url))).toBe(true);

    const deleted = await admin.agent.delete(`/api/inspections/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const answersLeft = await t.database.db.select().from(inspectionAnswers).where(eq(inspectionAnswers.inspectionId, doomed.id));
    expect(answersLeft).toEqual([]);
    const filesLeft = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.workspaceId, admin.workspaceId), inArray(files.id, [photo.id, signature.id, keptPhoto.id])));
    expect(filesLeft.map((row) => row.id)).toEqual([keptPhoto.id]);
    expect([existsSync(storedBytes(photo.url)), existsSync(storedBytes(signature.url)), existsSync(storedBytes(keptPhoto.url))]).toEqual([
      false,
      false,
      true,
    ]);
    expect([existsSync(thumbnailOf(photo.url)), existsSync(thumbnailOf(keptPhoto.url))]).toEqual([false, true]);
    expect((await admin.agent.get(photo.url)).statusCode).toBe(404);
    expect(json(await admin.agent.get(`/api/inspections/${kept.id}`)).data.answers.photo.value).toEqual([keptPhoto]);
    const log = json(await admin.agent.get(`/api/log/user-activity-log?filter[object_id][value]=${doomed.id}`)).data.list;
    expect(log[0]).toMatchObject({ type: 'inspection.deleted', object_name: `Pump check #${doomed.number}`, object_exists: false });
  });
});
