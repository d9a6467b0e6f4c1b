import { TemplateDocumentSchema } from '@vigil/checklist';
import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  documentOf,
  json,
  publishDocument,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
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

const ID = '00000000-0000-4000-8000-000000000000';
/** A member whose role holds no inspection code at all (the default role may conduct). */
const withoutCodes = (app: TestApp, workspaceId: string) => asRole(app, workspaceId, ['LOG_VIEW_MY_ACTIVITY']);
const conductOnly = () => asRole(t, admin.workspaceId, ['INS_CONDUCT_INSPECTIONS']);
const context = () => ({ t, workspaceId: admin.workspaceId });

async function newAsset(agent: Agent, assetId: string) {
  const type = json(await agent.post('/api/assets/types/new', { name: `Pumps ${assetId}`, fields: [] })).data;
  const created = await agent.post('/api/assets/new', { asset_id: assetId, display_name: `Pump ${assetId}`, type_id: type.id, fields: {} });
  expect(created.statusCode, created.body).toBe(200);
  return json(created).data as { id: string; asset_id: string; display_name: string };
}

const activityOf = async (agent: Agent, objectId: string) =>
  json(await agent.get(`/api/log/user-activity-log?filter[object_id][value]=${objectId}`)).data.list.map(
    (entry: { type: string }) => entry.type,
  );

describe('guards', () => {
  const conduct: ProbedRoute[] = [
    ['GET', '/api/inspections/templates'],
    ['GET', '/api/inspections/people'],
    ['POST', '/api/inspections/new', { template_id: ID }],
    ['PUT', `/api/inspections/${ID}/answers`, { change_id: ID, changes: [] }],
    ['POST', `/api/inspections/${ID}/media`],
    ['POST', `/api/inspections/${ID}/finish`],
  ];
  itRefusesStrangers(conduct, context, 'INS_CONDUCT_INSPECTIONS', withoutCodes);
  itRefusesStrangers([['GET', '/api/inspections/list']], context, 'an inspection code', withoutCodes);
  itRefusesStrangers([['GET', `/api/inspections/${ID}`]], context, 'an inspection code', withoutCodes);
  const manage: ProbedRoute[] = [
    ['GET', '/api/inspections/archive'],
    ['PUT', '/api/inspections/bulk-archive', { ids: [ID] }],
    ['PUT', '/api/inspections/bulk-restore', { ids: [ID] }],
    ['PUT', '/api/inspections/bulk-delete', { ids: [ID] }],
    ['PUT', `/api/inspections/${ID}/archive`],
    ['PUT', `/api/inspections/${ID}/restore`],
    ['DELETE', `/api/inspections/${ID}`],
  ];
  itRefusesStrangers(manage, context, 'INS_MANAGE_INSPECTIONS');
});

describe('the people a person question offers', () => {
  it('are the active members by name, names only, for whoever conducts', async () => {
    const auditor = await conductOnly();
    const leaver = await t.asMember(admin.workspaceId);
    expect((await admin.agent.put(`/api/user/${leaver.userId}/deactivate-user`)).statusCode).toBe(200);

    // The whole name: a shorter word ("ada") can stand in a member's random e-mail (its hex part), which is searched too.
    const found = json(await auditor.agent.get('/api/inspections/people?q=ada%20admin')).data;
    expect(found).toEqual([{ id: admin.userId, name: 'Ada Admin' }]);
    const everyone = json(await auditor.agent.get('/api/inspections/people?q=member')).data.map((person: { id: string }) => person.id);
    expect(everyone).toContain(auditor.userId);
    expect(everyone).not.toContain(leaver.userId);
  });
});

describe("another workspace's inspections", () => {
  it('answer 404 on every call, and bulk calls change none of them', async () => {
    const other = await t.asAdmin();
    const theirs = await startInspection(other.agent, await publishedTemplate(other.agent, pumpCheckDocument(), 'Secret check'));
    const calls: ProbedRoute[] = [
      ['GET', `/api/inspections/${theirs.id}`],
      ['PUT', `/api/inspections/${theirs.id}/answers`, { change_id: ID, changes: [answer('pressure', 3)] }],
      ['POST', `/api/inspections/${theirs.id}/finish`],
      ['PUT', `/api/inspections/${theirs.id}/archive`],
      ['PUT', `/api/inspections/${theirs.id}/restore`],
      ['DELETE', `/api/inspections/${theirs.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await admin.agent.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    for (const path of ['bulk-archive', 'bulk-delete']) {
      expect(json(await admin.agent.put(`/api/inspections/${path}`, { ids: [theirs.id] })).data).toEqual({ count: 0 });
    }
    const started = await admin.agent.post('/api/inspections/new', { template_id: theirs.template_id });
    expect([started.statusCode, json(started).code]).toEqual([422, 'INS_TEMPLATE_NOT_STARTABLE']);
    expect(json(await admin.agent.get('/api/inspections/list?filter[search][value]=Secret')).data.list).toEqual([]);
    expect(json(await other.agent.get(`/api/inspections/${theirs.id}`)).data).toMatchObject({ revision: 0, archived_at: null });
  });

  it('refuses ids that are not uuids as a bad parameter', async () => {
    for (const id of ['42', 'not-an-id']) {
      const response = await admin.agent.get(`/api/inspections/${id}`);
      expect([response.statusCode, Object.keys(json(response).data)]).toEqual([422, ['id']]);
    }
  });
});

describe('who may do what', () => {
  it("lets a conducting member start, answer and finish their own, but not open, answer or archive another's", async () => {
    const auditor = await conductOnly();
    const mine = await startInspection(auditor.agent, templateId);
    const others = await startInspection(admin.agent, templateId);
    expect(mine.can).toEqual({ answer: true, manage: false });
    expect((await saveAnswers(auditor.agent, mine.id, [answer('pressure', 3)])).statusCode).toBe(200);

    for (const response of [
      await auditor.agent.get(`/api/inspections/${others.id}`),
      await saveAnswers(auditor.agent, others.id, [answer('pressure', 3)]),
      await auditor.agent.post(`/api/inspections/${others.id}/finish`),
    ]) {
      expect([response.statusCode, json(response).code]).toEqual([404, '_OBJECT_NOT_FOUND']);
    }
    for (const response of [
      await auditor.agent.put(`/api/inspections/${others.id}/archive`),
      await auditor.agent.put('/api/inspections/bulk-archive', { ids: [others.id] }),
      await auditor.agent.get('/api/inspections/archive'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const listed = json(await auditor.agent.get('/api/inspections/list')).data.list.map((row: { id: string }) => row.id);
    expect(listed).toEqual([mine.id]);
    expect(json(await admin.agent.get(`/api/inspections/${others.id}`)).data).toMatchObject({ revision: 0, archived_at: null });
  });

  it("lets a member who may read reports open another's inspection read-only: answering it is forbidden", async () => {
    const member = await t.asMember(admin.workspaceId);
    const others = await startInspection(admin.agent, templateId);
    const opened = await member.agent.get(`/api/inspections/${others.id}`);
    expect(opened.statusCode).toBe(200);
    expect(json(opened).data.can).toEqual({ answer: false, manage: false });
    const refused = await saveAnswers(member.agent, others.id, [answer('pressure', 3)]);
    expect([refused.statusCode, json(refused).code]).toEqual([403, '_FORBIDDEN']);
    const listed = json(await member.agent.get(`/api/inspections/list?filter[number][value]=${others.number}`)).data.list;
    expect(listed.map((row: { id: string }) => row.id)).toEqual([others.id]);
  });
});

describe('the archive', () => {
  it("shows a reader of the archive everyone's archived inspections, opened read-only, and nothing in use", async () => {
    const reader = await asRole(t, admin.workspaceId, ['INS_VIEW_ARCHIVED_INSPECTIONS']);
    const archived = await startInspection(admin.agent, templateId);
    const inUse = await startInspection(admin.agent, templateId);
    await admin.agent.put('/api/inspections/bulk-archive', { ids: [archived.id] });
    const listed = json(await reader.agent.get(`/api/inspections/archive?filter[number][value]=${archived.number}`)).data.list;
    expect(listed.map((row: { id: string }) => row.id)).toEqual([archived.id]);
    const opened = await reader.agent.get(`/api/inspections/${archived.id}`);
    expect([opened.statusCode, json(opened).data.can]).toEqual([200, { answer: false, manage: false }]);
    expect((await reader.agent.get(`/api/inspections/${inUse.id}`)).statusCode).toBe(404);
    expect((await reader.agent.get('/api/inspections/list')).statusCode).toBe(403);
  });
});

describe('POST /api/inspections/new', () => {
  it("starts the template's latest version with the next number, the document id, the asset and the real start time", async () => {
    const asset = await newAsset(admin.agent, 'P-7');
    const before = json(await admin.agent.get('/api/inspections/list?sort[number]=desc&limit=1')).data.list[0]?.number ?? 0;
    const response = await admin.agent.post('/api/inspections/new', { template_id: templateId, asset_id: asset.id });
    expect(response.statusCode, response.body).toBe(200);
    const started = json(response);
    expect(started.message).toBe('The inspection was started.');
    const snapshot = { id: asset.id, asset_id: 'P-7', display_name: 'Pump P-7' };
    expect(started.data).toMatchObject({
      number: before + 1,
      title: 'Pump check',
      template_id: templateId,
      version: 1,
      status: 'todo',
      asset: snapshot,
      auditor: { id: admin.userId, name: 'Ada Admin' },
      revision: 0,
      instances: {},
      can: { answer: true, manage: true },
    });
    expect(started.data.answers.docid.value).toBe(`PC-${before + 1}`);
    expect(started.data.answers.asset.value).toEqual(snapshot);
    expect(started.data.answers.began.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(started.data.document.items.map((item: { id: string }) => item.id)).toContain('pressure');
    expect(await activityOf(admin.agent, started.data.id)).toEqual(['inspection.started']);
  });

  it('gives concurrent starts distinct running numbers, counted per workspace', async () => {
    const other = await t.asAdmin();
    const theirs = await publishedTemplate(other.agent, pumpCheckDocument());
    const numbers = (await Promise.all(Array.from({ length: 8 }, () => startInspection(other.agent, theirs)))).map((row) => row.number);
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses a template never published, archived or deleted, and an asset archived or unknown', async () => {
    const draft = json(await admin.agent.post('/api/checklist/template/new', { title: 'Draft only' })).data.id;
    const archived = await publishedTemplate(admin.agent, pumpCheckDocument(), 'Archived');
    await admin.agent.post(`/api/checklist/template/${archived}/archive`, {});
    const deleted = await publishedTemplate(admin.agent, pumpCheckDocument(), 'Deleted');
    await admin.agent.delete(`/api/checklist/template/${deleted}`);
    for (const id of [draft, archived, deleted, ID]) {
      const refused = await admin.agent.post('/api/inspections/new', { template_id: id });
      expect([refused.statusCode, json(refused).code], id).toEqual([422, 'INS_TEMPLATE_NOT_STARTABLE']);
    }
    const asset = await newAsset(admin.agent, 'OLD-1');
    await admin.agent.put('/api/assets/bulk-archive', { ids: [asset.id] });
    for (const assetId of [asset.id, ID]) {
      const refused = await admin.agent.post('/api/inspections/new', { template_id: templateId, asset_id: assetId });
      expect([refused.statusCode, Object.keys(json(refused).data)]).toEqual([422, ['asset_id']]);
    }
    const searched = json(await admin.agent.get('/api/inspections/templates')).data.map((entry: { title: string }) => entry.title);
    expect(searched).not.toContain('Archived');
    expect(searched).not.toContain('Deleted');
    expect(searched).not.toContain('Draft only');
  });

  it('lists what may be started, by title, with whether it asks for an asset', async () => {
    const plain = documentOf([{ id: 'p', type: 'page', children: [{ id: 'q', type: 'textAnswer' }] }]);
    await publishedTemplate(admin.agent, plain, 'Zebra walk');
    const found = json(await admin.agent.get('/api/inspections/templates?q=zebra')).data;
    expect(found).toEqual([
      {
        id: expect.any(String),
        title: 'Zebra walk',
        version: 1,
        version_id: expect.any(String),
        published_at: expect.any(String),
        contains_asset: false,
      },
    ]);
    const pump = json(await admin.agent.get('/api/inspections/templates?q=pump%20check')).data.find(
      (entry: { id: string }) => entry.id === templateId,
    );
    expect(pump).toMatchObject({ contains_asset: true, version: 1 });
  });
});

describe('pinning', () => {
  it('keeps the version an inspection started with when the template is published again', async () => {
    const first = documentOf([{ id: 'p', type: 'page', children: [{ id: 'q1', type: 'textAnswer' }] }]);
    const id = await publishedTemplate(admin.agent, first, 'Pinned');
    const old = await startInspection(admin.agent, id);
    const second = documentOf([
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'q1', type: 'textAnswer' },
          { id: 'q2', type: 'number' },
        ],
      },
    ]);
    await publishDocument(admin.agent, id, second);
    const fresh = await startInspection(admin.agent, id);
    expect([old.version, fresh.version]).toEqual([1, 2]);
    const reread = json(await admin.agent.get(`/api/inspections/${old.id}`)).data;
    expect(reread.version_id).toBe(old.version_id);
    expect(reread.document.items.map((item: { id: string }) => item.id)).not.toContain('q2');
    const refused = await saveAnswers(admin.agent, old.id, [answer('q2', 4)]);
    expect([refused.statusCode, json(refused).code, Object.keys(json(refused).data)]).toEqual([422, 'INS_ANSWERS_REFUSED', ['answers.q2']]);
    expect((await saveAnswers(admin.agent, fresh.id, [answer('q2', 4)])).statusCode).toBe(200);
  });
});

describe('the document an inspection opens with', () => {
  it('is sent as the domain reads it: parsing it again changes nothing, so the screen takes it as it is', async () => {
    const large = generateLargeDocument({ questions: 200, pages: 4, rules: 70, calculations: 5 });
    for (const template of [templateId, await publishedTemplate(admin.agent, large, 'Large')]) {
      const started = await startInspection(admin.agent, template);
      const { document } = json(await admin.agent.get(`/api/inspections/${started.id}`)).data;
      expect(TemplateDocumentSchema.parse(document)).toEqual(document);
    }
  });
});

describe('lists and bulk actions', () => {
  let listTemplate: string;
  let started: { id: string; number: number }[];
  beforeAll(async () => {
    listTemplate = await publishedTemplate(admin.agent, pumpCheckDocument(), 'Listed round');
    started = [];
    for (let i = 0; i < 4; i++) started.push(await startInspection(admin.agent, listTemplate));
    await saveAnswers(admin.agent, started[0].id, [answer('pressure', 3), answer('ok', 'no')]);
  });
  const byTemplate = () => `filter[template_id][operator]=equals&filter[template_id][value]=${listTemplate}`;

  it('filters, searches and sorts, with the saved queries of its table', async () => {
    const page = json(await admin.agent.get(`/api/inspections/list?${byTemplate()}&sort[number]=asc&with_saved_queries=1`)).data;
    expect(page.list.map((row: { id: string }) => row.id)).toEqual(started.map((row) => row.id));
    expect(page.table_name).toBe('inspections');
    expect(page.saved_queries.default).toMatchObject({ key: 'default' });
    const inProgress = json(await admin.agent.get(`/api/inspections/list?${byTemplate()}&filter[status][value]=in_progress`)).data.list;
    expect(inProgress.map((row: { id: string; failed_count: number }) => [row.id, row.failed_count])).toEqual([[started[0].id, 1]]);
    const searched = json(await admin.agent.get(`/api/inspections/list?filter[search][value]=${started[2].number}&${byTemplate()}`)).data
      .list;
    expect(searched.map((row: { id: string }) => row.id)).toContain(started[2].id);
    const mine = json(await admin.agent.get(`/api/inspections/list?${byTemplate()}&filter[auditor_id][value]=${admin.userId}`)).data;
    expect(mine.pagination.total).toBe(4);
    const bad = await admin.agent.get('/api/inspections/list?filter[status][value]=lost&filter[nope][value]=1');
    expect([bad.statusCode, Object.keys(json(bad).data).sort()]).toEqual([422, ['filter.nope', 'filter.status']]);
  });

  it('archives by ids and by the filter of the list, restores from the archive, and deletes from it, answering counts', async () => {
    const one = await admin.agent.put('/api/inspections/bulk-archive', { ids: [started[0].id] });
    expect(json(one)).toEqual({ data: { count: 1 }, message: '1 inspection was archived.' });
    const rest = await admin.agent.put('/api/inspections/bulk-archive', {
      all: true,
      filter: { template_id: { operator: 'equals', value: listTemplate } },
    });
    expect(json(rest)).toEqual({ data: { count: 3 }, message: '3 inspections were archived.' });
    expect(json(await admin.agent.get(`/api/inspections/list?${byTemplate()}`)).data.pagination.total).toBe(0);
    const archive = json(await admin.agent.get(`/api/inspections/archive?${byTemplate()}&with_saved_queries=1`)).data;
    expect([archive.pagination.total, archive.table_name]).toEqual([4, 'inspections_archive']);

    const saved = await saveAnswers(admin.agent, started[1].id, [answer('pressure', 3)]);
    expect([saved.statusCode, json(saved).code]).toEqual([409, 'INS_ARCHIVED']);

    const restored = await admin.agent.put('/api/inspections/bulk-restore', { ids: [started[1].id, started[2].id] });
    expect(json(restored)).toEqual({ data: { count: 2 }, message: '2 inspections were restored.' });
    const deleted = await admin.agent.put('/api/inspections/bulk-delete', {
      all: true,
      archived: true,
      filter: { template_id: { operator: 'equals', value: listTemplate } },
    });
    expect(json(deleted)).toEqual({ data: { count: 2 }, message: '2 inspections were deleted.' });
    expect((await admin.agent.get(`/api/inspections/${started[0].id}`)).statusCode).toBe(404);
    expect(json(await admin.agent.get(`/api/inspections/list?${byTemplate()}`)).data.pagination.total).toBe(2);

    const types = json(await admin.agent.get('/api/log/user-activity-log?filter[object_type][value]=inspection&limit=100')).data.list;
    const counted = types.filter((entry: { type: string; after: { count?: number } | null }) => entry.after?.count === 3);
    expect(counted.map((entry: { type: string }) => entry.type)).toEqual(['inspection.archived']);
    expect(await activityOf(admin.agent, started[0].id)).toEqual(expect.arrayContaining(['inspection.archived', 'inspection.started']));
  });

  it('archives and restores one inspection, and says so in every language', async () => {
    const one = await startInspection(admin.agent, listTemplate);
    const archived = await admin.agent.put(`/api/inspections/${one.id}/archive`);
    expect(json(archived)).toMatchObject({
      message: 'The inspection was archived.',
      data: { id: one.id, archived_at: expect.any(String) },
    });
    const french = t.agent({ language: 'fr' });
    await french.post('/api/login', { email: admin.email, password: admin.password });
    const finished = await french.post(`/api/inspections/${one.id}/finish`);
    expect([finished.statusCode, json(finished).message]).toEqual([
      409,
      'Cette inspection est archivée. Restaurez-la avant de la modifier.',
    ]);
    const restored = await admin.agent.put(`/api/inspections/${one.id}/restore`);
    expect(json(restored)).toMatchObject({ message: 'The inspection was restored.', data: { archived_at: null } });
    const arabic = t.agent({ language: 'ar' });
    await arabic.post('/api/login', { email: admin.email, password: admin.password });
    const counted = await arabic.put('/api/inspections/bulk-archive', { ids: [one.id] });
    expect(json(counted).message).toBe('تمت أرشفة فحص واحد.');
    const removed = await admin.agent.delete(`/api/inspections/${one.id}`);
    expect(json(removed)).toEqual({ data: null, message: 'The inspection was deleted.' });
  });
});
