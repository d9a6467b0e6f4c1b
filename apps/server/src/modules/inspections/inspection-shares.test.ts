import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionShares, workspaces } from '../../db/schema/index.ts';
import { createTestApp, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  finish,
  json,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadedMedia,
} from '../../test/inspections.ts';
import { fileUpload, noisyImage } from '../../test/multipart.ts';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  member = await t.asMember(admin.workspaceId);
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
});
afterAll(() => t.close());

/** A completed inspection with a photo, a signature, a person and a hidden answer holding a file. */
async function sharedSubject() {
  const inspection = await startInspection(admin.agent, templateId);
  const photo = await uploadedMedia(admin.agent, inspection.id);
  const drawing = await uploadedMedia(admin.agent, inspection.id);
  const hiddenFile = await uploadedMedia(admin.agent, inspection.id);
  const unused = await uploadedMedia(admin.agent, inspection.id);
  await saveAnswers(admin.agent, inspection.id, [answer('pressure', 3), answer('why', 'Seal', { media: [hiddenFile] })]);
  await saveAnswers(admin.agent, inspection.id, [
    answer('pressure', 8),
    answer('ok', 'yes'),
    answer('done', true, { note: 'Checked' }),
    answer('reading@1', 2),
    answer('who', { id: member.userId, name: 'x' }),
    answer('photo', [photo]),
    answer('signed', { file: drawing, name: 'Ada Admin' }),
  ]);
  await finish(admin.agent, inspection.id);
  return { inspection, photo, drawing, hiddenFile, unused };
}

async function newShare(agent: Agent, inspectionId: string, body: object = {}) {
  const response = await agent.post(`/api/inspections/${inspectionId}/shares`, body);
  expect(response.statusCode, response.body).toBe(200);
  return json(response);
}

const shareRows = (inspectionId: string) =>
  t.database.db
    .select()
    .from(inspectionShares)
    .where(and(eq(inspectionShares.workspaceId, admin.workspaceId), eq(inspectionShares.inspectionId, inspectionId)));

describe('share links', () => {
  it('show the report signed out, with files through the link, people by name and nothing of any id of a user', async () => {
    const { inspection, photo, drawing } = await sharedSubject();
    const made = await newShare(admin.agent, inspection.id);
    expect(made.message).toBe('The share link was made. Copy it now: it is shown only once.');
    const { token, url } = made.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(url).toBe(`${t.config.PUBLIC_URL}/shared/inspections/${token}`);
    expect(made.data).toMatchObject({
      status: 'active',
      expires_at: null,
      revoked_at: null,
      created_by: { id: admin.userId, name: 'Ada Admin' },
    });

    const visitor = t.agent();
    const response = await visitor.get(`/api/shared/inspections/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = json(response).data;
    expect(report.inspection).toMatchObject({ id: inspection.id, auditor_name: 'Ada Admin', status: 'completed' });
    expect(report.edited_after_completion).toBe(false);
    expect(report.answers.who.value).toEqual({ name: 'Max Member' });
    expect(report.answers.photo.value).toEqual([{ ...photo, url: `/api/shared/inspections/${token}/media/${photo.id}` }]);
    expect(report.answers.signed.value.file.url).toBe(`/api/shared/inspections/${token}/media/${drawing.id}`);
    expect(report.answers.why).toBeUndefined();
    for (const id of [admin.userId, member.userId]) expect(response.body).not.toContain(id);
    expect(response.body).not.toContain('/storage/');

    const picture = await visitor.get(report.answers.photo.value[0].url);
    expect([picture.statusCode, picture.headers['content-type'], picture.headers['x-content-type-options']]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await visitor.get(report.answers.signed.value.file.url)).statusCode).toBe(200);
    const thumbnail = await visitor.get(`${report.answers.photo.value[0].url}?size=thumb`);
    expect([thumbnail.statusCode, thumbnail.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it("serve only the files the shared report shows: not a hidden answer's, an unused upload, another inspection's", async () => {
    const { inspection, hiddenFile, unused } = await sharedSubject();
    const other = await startInspection(admin.agent, templateId);
    const foreign = await uploadedMedia(admin.agent, other.id);
    await saveAnswers(admin.agent, other.id, [answer('photo', [foreign])]);
    const { token } = (await newShare(admin.agent, inspection.id)).data;
    const visitor = t.agent();
    for (const fileId of [hiddenFile.id, unused.id, foreign.id, 'not-a-file', '00000000-0000-4000-8000-000000000000']) {
      for (const size of ['', '?size=thumb']) {
        const response = await visitor.get(`/api/shared/inspections/${token}/media/${fileId}${size}`);
        expect([response.statusCode, json(response).code], fileId).toEqual([404, '_OBJECT_NOT_FOUND']);
      }
    }
    // Nothing but the shared report: the members' calls still need a session.
    expect((await visitor.get(`/api/inspections/${other.id}/report`)).statusCode).toBe(401);
    expect((await visitor.get(foreign.url)).statusCode).toBe(401);
  });

  it('serve the workspace logo through the link', async () => {
    const { inspection } = await sharedSubject();
    const { token } = (await newShare(admin.agent, inspection.id)).data;
    const visitor = t.agent();
    expect((await visitor.get(`/api/shared/inspections/${token}/logo`)).statusCode).toBe(404);
    const { body, headers } = fileUpload(await noisyImage('png', 64), 'logo.png', 'image/png');
    const logo = json(await admin.agent.post('/api/file/upload', body, headers)).data.file;
    await t.database.db
      .update(workspaces)
      .set({ appSettings: sql`${workspaces.appSettings} || ${JSON.stringify({ logo: logo.url })}::jsonb` })
      .where(eq(workspaces.id, admin.workspaceId));
    const report = json(await visitor.get(`/api/shared/inspections/${token}`)).data;
    expect(report.branding.logo_url).toBe(`/api/shared/inspections/${token}/logo`);
    const served = await visitor.get(report.branding.logo_url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('keep only the hash of the token', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const { token } = (await newShare(admin.agent, inspection.id)).data;
    const [row] = await shareRows(inspection.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(22));
    expect(row).toMatchObject({ purpose: 'link', createdBy: admin.userId, revokedAt: null });
  });

  it('answer 404 once revoked, and list as revoked; revoking again changes nothing', async () => {
    const { inspection, photo } = await sharedSubject();
    const share = (await newShare(admin.agent, inspection.id)).data;
    const kept = (await newShare(admin.agent, inspection.id)).data;
    const visitor = t.agent();
    const revoked = await admin.agent.delete(`/api/inspections/${inspection.id}/shares/${share.id}`);
    expect([revoked.statusCode, json(revoked).message, json(revoked).data.status]).toEqual([200, 'The share link was revoked.', 'revoked']);
    for (const path of ['', `/media/${photo.id}`, '/logo']) {
      expect((await visitor.get(`/api/shared/inspections/${share.token}${path}`)).statusCode, path).toBe(404);
    }
    expect((await visitor.post(`/api/shared/inspections/${share.token}/pdf`, {})).statusCode).toBe(404);
    expect((await visitor.get(`/api/shared/inspections/${kept.token}`)).statusCode).toBe(200);

    const again = await admin.agent.delete(`/api/inspections/${inspection.id}/shares/${share.id}`);
    expect([again.statusCode, json(again).data.revoked_at]).toEqual([200, json(revoked).data.revoked_at]);
    const listed = json(await admin.agent.get(`/api/inspections/${inspection.id}/shares`)).data;
    expect(listed.map((entry: { id: string; status: string }) => [entry.id, entry.status])).toEqual([
      [kept.id, 'active'],
      [share.id, 'revoked'],
    ]);
    expect(JSON.stringify(listed)).not.toContain(share.token);
    const other = await startInspection(admin.agent, templateId);
    expect((await admin.agent.delete(`/api/inspections/${other.id}/shares/${kept.id}`)).statusCode).toBe(404);

    const log = json(await admin.agent.get(`/api/log/user-activity-log?filter[object_id][value]=${inspection.id}`)).data.list;
    expect(log.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(['inspection.shared', 'inspection.share_revoked', 'inspection.completed']),
    );
  });

  it('answer 404 once expired, and refuse an expiry in the past', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const past = await admin.agent.post(`/api/inspections/${inspection.id}/shares`, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect([past.statusCode, json(past).data]).toEqual([422, { expires_at: ['Choose an expiry in the future.'] }]);
    const bad = await admin.agent.post(`/api/inspections/${inspection.id}/shares`, { expires_at: 'tomorrow' });
    expect(bad.statusCode).toBe(422);

    const expiry = new Date(Date.now() + 3_600_000).toISOString();
    const share = (await newShare(admin.agent, inspection.id, { expires_at: expiry })).data;
    expect(share.expires_at).toBe(expiry);
    const visitor = t.agent();
    expect((await visitor.get(`/api/shared/inspections/${share.token}`)).statusCode).toBe(200);
    await t.database.db
      .update(inspectionShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(inspectionShares.workspaceId, admin.workspaceId), eq(inspectionShares.id, share.id)));
    expect((await visitor.get(`/api/shared/inspections/${share.token}`)).statusCode).toBe(404);
    expect(json(await admin.agent.get(`/api/inspections/${inspection.id}/shares`)).data[0].status).toBe('expired');
  });

  it('answer 404 to anything that is not an open token', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const { token } = (await newShare(admin.agent, inspection.id)).data;
    const visitor = t.agent();
    const forged = token.slice(0, 22) + 'A'.repeat(43);
    const otherWorkspace = 'B'.repeat(22) + token.slice(22);
    for (const candidate of ['abc', forged, otherWorkspace, token.slice(0, 64), `${token}x`, 'x'.repeat(99)]) {
      const response = await visitor.get(`/api/shared/inspections/${candidate}`);
      expect([response.statusCode, json(response).code], candidate).toEqual([404, '_OBJECT_NOT_FOUND']);
    }
  });

  it('refuse an archived inspection, and more than 20 open links', async () => {
    const archived = await startInspection(admin.agent, templateId);
    await admin.agent.put(`/api/inspections/${archived.id}/archive`);
    const refused = await admin.agent.post(`/api/inspections/${archived.id}/shares`, {});
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'INS_ARCHIVED']);

    const inspection = await startInspection(admin.agent, templateId);
    for (let i = 0; i < 20; i++) await newShare(admin.agent, inspection.id);
    const over = await admin.agent.post(`/api/inspections/${inspection.id}/shares`, {});
    expect([over.statusCode, json(over).data]).toEqual([
      422,
      { expires_at: ['An inspection can have at most 20 open share links. Revoke one first.'] },
    ]);
  });

  it("ask for the shared report's PDF signed out, readable through that link only", async () => {
    const { inspection } = await sharedSubject();
    const { token } = (await newShare(admin.agent, inspection.id)).data;
    const { token: otherToken } = (await newShare(admin.agent, inspection.id)).data;
    const visitor = t.agent({ language: 'fr' });
    const asked = await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: 'Europe/Paris' });
    expect(asked.statusCode, asked.body).toBe(200);
    const job = json(asked).data;
    expect(job).toMatchObject({ status: 'queued', step: 'queued', progress: 0, failure: null, revision: inspection.revision + 3 });
    // Asking again while it is on its way answers the same job.
    expect(json(await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: 'Europe/Paris' })).data.job_id).toBe(job.job_id);
    expect(json(await visitor.get(`/api/shared/inspections/${token}/pdf/${job.job_id}`)).data.job_id).toBe(job.job_id);
    for (const url of [
      `/api/shared/inspections/${otherToken}/pdf/${job.job_id}`,
      `/api/shared/inspections/${token}/pdf/not-a-job`,
      `/api/shared/inspections/${token}/pdf/${job.job_id}/file`,
    ]) {
      expect((await visitor.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.agent.get(`/api/inspections/pdf/${job.job_id}`)).statusCode).toBe(404);
    const badZone = await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: 'Mars/Olympus' });
    expect([badZone.statusCode, Object.keys(json(badZone).data)]).toEqual([422, ['time_zone']]);
    // Three on their way per link at most (each costs seconds of a core); the same one asked again is no more.
    for (const zone of ['UTC', 'Asia/Tokyo'])
      expect((await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: zone })).statusCode).toBe(200);
    const busy = await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: 'America/New_York' });
    expect([busy.statusCode, json(busy).code, json(busy).message]).toEqual([
      429,
      'INS_PDF_BUSY',
      "3 PDF sont déjà en cours de création pour vous. Attendez que l'un d'eux soit prêt.",
    ]);
    expect((await visitor.post(`/api/shared/inspections/${token}/pdf`, { time_zone: 'Europe/Paris' })).statusCode).toBe(200);
    expect((await visitor.post(`/api/shared/inspections/${otherToken}/pdf`, { time_zone: 'America/New_York' })).statusCode).toBe(200);
  });
});
