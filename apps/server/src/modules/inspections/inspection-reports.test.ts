import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionAnswerHistory, workspaces } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  clear,
  completedInspection,
  finish,
  json,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadedMedia,
} from '../../test/inspections.ts';
import { asRole } from '../../test/members.ts';
import { fileUpload, noisyImage } from '../../test/multipart.ts';

let t: TestApp;
let admin: SignedIn;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';
const withoutCodes = (app: TestApp, workspaceId: string) => asRole(app, workspaceId, ['LOG_VIEW_MY_ACTIVITY']);
const context = () => ({ t, workspaceId: admin.workspaceId });

const reportOf = async (agent: Agent, id: string) => {
  const response = await agent.get(`/api/inspections/${id}/report`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};
const historyOf = async (agent: Agent, id: string, query = '') => {
  const response = await agent.get(`/api/inspections/${id}/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};
const historyRows = (inspectionId: string) =>
  t.database.db
    .select()
    .from(inspectionAnswerHistory)
    .where(and(eq(inspectionAnswerHistory.workspaceId, admin.workspaceId), eq(inspectionAnswerHistory.inspectionId, inspectionId)));

describe('guards', () => {
  const readers: ProbedRoute[] = [
    ['GET', `/api/inspections/${ID}/report`],
    ['GET', `/api/inspections/${ID}/history`],
    ['POST', `/api/inspections/${ID}/pdf`, {}],
    ['GET', `/api/inspections/pdf/${ID}`],
    ['GET', `/api/inspections/pdf/${ID}/file`],
  ];
  itRefusesStrangers(readers, context, 'an inspection code', withoutCodes);
  itRefusesStrangers(
    [['GET', `/api/inspections/prefill?template_id=${ID}&asset_id=${ID}`]],
    context,
    'INS_CONDUCT_INSPECTIONS',
    withoutCodes,
  );
  // The default member role reads every report, but sharing is for managers.
  const sharing: ProbedRoute[] = [
    ['GET', `/api/inspections/${ID}/shares`],
    ['POST', `/api/inspections/${ID}/shares`, {}],
    ['DELETE', `/api/inspections/${ID}/shares/${ID}`],
  ];
  itRefusesStrangers(sharing, context, 'INS_MANAGE_INSPECTIONS');
});

describe("another workspace's inspections", () => {
  it('answer 404 on every report call, naming nothing of them', async () => {
    const other = await t.asAdmin();
    const theirs = await completedInspection(other.agent, await publishedTemplate(other.agent, pumpCheckDocument(), 'Secret check'));
    const share = json(await other.agent.post(`/api/inspections/${theirs.id}/shares`, {})).data;
    const pdf = json(await other.agent.post(`/api/inspections/${theirs.id}/pdf`, {})).data;
    const calls: ProbedRoute[] = [
      ['GET', `/api/inspections/${theirs.id}/report`],
      ['GET', `/api/inspections/${theirs.id}/history`],
      ['GET', `/api/inspections/${theirs.id}/shares`],
      ['POST', `/api/inspections/${theirs.id}/shares`, {}],
      ['DELETE', `/api/inspections/${theirs.id}/shares/${share.id}`],
      ['POST', `/api/inspections/${theirs.id}/pdf`, {}],
      ['GET', `/api/inspections/pdf/${pdf.job_id}`],
      ['GET', `/api/inspections/pdf/${pdf.job_id}/file`],
    ];
    for (const [method, url, body] of calls) {
      const response = await admin.agent.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    const asset = await newAsset(other.agent, 'THEIRS-1');
    const prefill = await admin.agent.get(`/api/inspections/prefill?template_id=${theirs.template_id}&asset_id=${asset.id}`);
    expect([prefill.statusCode, json(prefill).data]).toEqual([200, null]);
    expect(json(await other.agent.get(`/api/inspections/${theirs.id}/shares`)).data[0].status).toBe('active');
  });
});

async function newAsset(agent: Agent, assetId: string) {
  const type = json(await agent.post('/api/assets/types/new', { name: `Pumps ${assetId}`, fields: [] })).data;
  return json(await agent.post('/api/assets/new', { asset_id: assetId, display_name: `Pump ${assetId}`, type_id: type.id, fields: {} }))
    .data as { id: string };
}

describe('GET /api/inspections/{id}/report', () => {
  it('shows the summary, the shown answers in document order with their authors, the failed ones and the computed values', async () => {
    const member = await t.asMember(admin.workspaceId);
    const inspection = await startInspection(admin.agent, templateId);
    const photo = await uploadedMedia(admin.agent, inspection.id);
    const drawing = await uploadedMedia(admin.agent, inspection.id);
    // The reason is answered, then hidden by a pressure over 5: the report leaves it out.
    await saveAnswers(admin.agent, inspection.id, [answer('pressure', 3), answer('why', 'Worn seal'), answer('reading@1', 4)]);
    await saveAnswers(admin.agent, inspection.id, [
      answer('pressure', 8),
      answer('ok', 'no', { note: 'Leaking' }),
      answer('who', { id: member.userId, name: 'x' }),
      answer('photo', [photo]),
      answer('signed', { file: drawing, name: 'Ada Admin' }),
      answer('done', true, { note: 'Checked' }),
    ]);
    await finish(admin.agent, inspection.id);

    const report = await reportOf(admin.agent, inspection.id);
    expect(report.inspection).toMatchObject({
      id: inspection.id,
      number: inspection.number,
      title: 'Pump check',
      status: 'completed',
      auditor_name: 'Ada Admin',
      completed_by_name: 'Ada Admin',
      failed_count: 1,
      completed_at: expect.any(String),
    });
    expect(report.inspection).not.toHaveProperty('auditor');
    expect(report.shown).not.toContain('why');
    expect(report.answers.why).toBeUndefined();
    expect(report.shown.slice(0, 4)).toEqual(['start', 'docid', 'asset', 'began']);
    expect(report.shown.indexOf('pressure')).toBeLessThan(report.shown.indexOf('ok'));
    expect(report.shown).toContain('reading@1');
    expect(report.failed).toEqual(['ok']);
    expect(report.states.ok).toMatchObject({ failed: true, score: 0, max_score: 1 });
    expect(report.states.double).toMatchObject({ value: 16 });
    expect(report.answers.ok).toMatchObject({ value: 'no', note: 'Leaking', answered_by: 'Ada Admin' });
    expect(report.answers.ok).not.toHaveProperty('updated_by');
    expect(report.answers.who.value).toEqual({ id: member.userId, name: 'Max Member' });
    expect(report.answers.photo.value).toEqual([photo]);
    expect(report.answers.signed.value.file).toEqual(drawing);
    expect(report.answers.docid.value).toBe(`PC-${inspection.number}`);
    expect(report.branding).toEqual({ display_name: `Workspace ${admin.email}`, logo_url: null });
    expect(report.edited_after_completion).toBe(false);
    expect(report.document.items.map((item: { id: string }) => item.id)).toContain('why');

    // The default member role reads every report.
    expect((await reportOf(member.agent, inspection.id)).inspection.id).toBe(inspection.id);
  });

  it("shows the workspace's logo when it is one of its stored files", async () => {
    const { body, headers } = fileUpload(await noisyImage('png', 64), 'logo.png', 'image/png');
    const logo = json(await admin.agent.post('/api/file/upload', body, headers)).data.file;
    await t.database.db
      .update(workspaces)
      .set({ appSettings: sql`${workspaces.appSettings} || ${JSON.stringify({ logo: logo.url, display_name: 'Acme Pumps' })}::jsonb` })
      .where(eq(workspaces.id, admin.workspaceId));
    const inspection = await startInspection(admin.agent, templateId);
    expect((await reportOf(admin.agent, inspection.id)).branding).toEqual({ display_name: 'Acme Pumps', logo_url: logo.url });
    await t.database.db
      .update(workspaces)
      .set({ appSettings: sql`${workspaces.appSettings} || ${JSON.stringify({ logo: '/storage/elsewhere/none.png' })}::jsonb` })
      .where(eq(workspaces.id, admin.workspaceId));
    expect((await reportOf(admin.agent, inspection.id)).branding.logo_url).toBeNull();
  });

  it("lets an auditor read their own report, not another's", async () => {
    const auditor = await asRole(t, admin.workspaceId, ['INS_CONDUCT_INSPECTIONS']);
    const own = await completedInspection(auditor.agent, templateId);
    const others = await completedInspection(admin.agent, templateId);
    expect((await reportOf(auditor.agent, own.id)).inspection.auditor_name).toBe('Max Member');
    expect((await auditor.agent.get(`/api/inspections/${others.id}/report`)).statusCode).toBe(404);
    expect((await auditor.agent.get(`/api/inspections/${others.id}/history`)).statusCode).toBe(404);
  });
});

describe('history of edits after completion', () => {
  it('keeps nothing before completion, then every change a manager makes with the answers before and after and who', async () => {
    const member = await t.asMember(admin.workspaceId);
    const manager = await asRole(t, admin.workspaceId, ['INS_MANAGE_INSPECTIONS']);
    const inspection = await startInspection(admin.agent, templateId);
    await saveAnswers(admin.agent, inspection.id, [
      answer('pressure', 3),
      answer('why', 'Routine'),
      answer('ok', 'yes'),
      answer('done', true, { note: 'x' }),
    ]);
    await saveAnswers(admin.agent, inspection.id, [answer('pressure', 4), answer('reading@1', 1), answer('where', { address: 'Dock 4' })]);
    expect(await historyRows(inspection.id)).toEqual([]);
    await finish(admin.agent, inspection.id);
    expect(await historyRows(inspection.id)).toEqual([]);
    expect(await historyOf(admin.agent, inspection.id)).toEqual({
      list: [],
      pagination: { total: 0, limit: 100, current_page: 1, total_pages: 1 },
    });

    const first = await saveAnswers(manager.agent, inspection.id, [answer('pressure', 5, { note: 'Gauge re-read' }), clear('where')]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await saveAnswers(admin.agent, inspection.id, [answer('ok', 'no')]);
    expect(second.statusCode, second.body).toBe(200);
    // A save that changes nothing adds nothing.
    await saveAnswers(admin.agent, inspection.id, [answer('ok', 'no')]);

    const history = await historyOf(member.agent, inspection.id);
    expect(history.pagination.total).toBe(3);
    expect(history.list.map((entry: { key: string; revision: number }) => [entry.key, entry.revision])).toEqual([
      ['ok', json(second).data.revision],
      ['pressure', json(first).data.revision],
      ['where', json(first).data.revision],
    ]);
    const [ok, pressure, where] = history.list;
    expect(ok).toMatchObject({
      item_id: 'ok',
      instance_id: null,
      before: { value: 'yes', updated_by: admin.userId },
      after: { value: 'no', updated_by: admin.userId },
      changed_by: { id: admin.userId, name: 'Ada Admin' },
      changed_at: expect.any(String),
    });
    expect(pressure).toMatchObject({
      before: { value: 4, updated_by: admin.userId },
      after: { value: 5, note: 'Gauge re-read', updated_by: manager.userId },
      changed_by: { id: manager.userId, name: 'Max Member' },
    });
    expect(pressure.before).not.toHaveProperty('note');
    expect(where).toMatchObject({ before: { value: { address: 'Dock 4' } }, after: null });
    expect(Date.parse(ok.changed_at)).toBeGreaterThanOrEqual(Date.parse(pressure.changed_at));

    const paged = await historyOf(admin.agent, inspection.id, '?limit=1&page=2');
    expect(paged.list.map((entry: { key: string }) => entry.key)).toEqual(['pressure']);
    expect(paged.pagination).toEqual({ total: 3, limit: 1, current_page: 2, total_pages: 3 });
    expect((await reportOf(admin.agent, inspection.id)).edited_after_completion).toBe(true);
  });

  it('records the answers a removed repeat instance takes with it, and keeps a text that looks like a number as text', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const given = [
      answer('pressure', 3),
      answer('why', '0042'),
      answer('ok', 'yes'),
      answer('done', true, { note: 'x' }),
      answer('reading@1', 7),
    ];
    await saveAnswers(admin.agent, inspection.id, given, {
      instances: [{ repeatable_id: 'readings', instance_ids: ['1', 'b'] }],
    });
    await saveAnswers(admin.agent, inspection.id, [answer('reading@b', 9)]);
    await finish(admin.agent, inspection.id);
    await saveAnswers(admin.agent, inspection.id, [answer('why', '0043')], {
      instances: [{ repeatable_id: 'readings', instance_ids: ['1'] }],
    });
    const history = await historyOf(admin.agent, inspection.id);
    const byKey = Object.fromEntries(history.list.map((entry: { key: string }) => [entry.key, entry]));
    expect(byKey['reading@b']).toMatchObject({ item_id: 'reading', instance_id: 'b', before: { value: 9 }, after: null });
    expect(byKey.why).toMatchObject({ before: { value: '0042' }, after: { value: '0043' } });
  });

  it('refuses bad paging', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    for (const query of ['?limit=0', '?limit=501', '?page=0', '?page=x']) {
      expect((await admin.agent.get(`/api/inspections/${inspection.id}/history${query}`)).statusCode, query).toBe(422);
    }
  });
});
