import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionAnswers } from '../../db/schema/index.ts';
import { createTestApp, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  completedInspection,
  documentOf,
  json,
  publishDocument,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadedMedia,
} from '../../test/inspections.ts';
import { asRole } from '../../test/members.ts';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let templateId: string;
let typeId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  member = await t.asMember(admin.workspaceId);
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
  typeId = json(await admin.agent.post('/api/assets/types/new', { name: 'Pumps', fields: [] })).data.id;
});
afterAll(() => t.close());

async function newAsset(assetId: string): Promise<string> {
  const created = await admin.agent.post('/api/assets/new', {
    asset_id: assetId,
    display_name: `Pump ${assetId}`,
    type_id: typeId,
    fields: {},
  });
  expect(created.statusCode, created.body).toBe(200);
  return json(created).data.id;
}

const prefillOf = async (agent: Agent, template: string, assetId: string) => {
  const response = await agent.get(`/api/inspections/prefill?template_id=${template}&asset_id=${assetId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};

async function startPrefilled(agent: Agent, template: string, assetId: string) {
  const response = await agent.post('/api/inspections/new', { template_id: template, asset_id: assetId, prefill: true });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function carriedKeys(inspectionId: string) {
  const rows = await t.database.db
    .select({ key: inspectionAnswers.answerKey, carried: inspectionAnswers.carriedOver })
    .from(inspectionAnswers)
    .where(and(eq(inspectionAnswers.workspaceId, admin.workspaceId), eq(inspectionAnswers.inspectionId, inspectionId)));
  return rows
    .filter((row) => row.carried)
    .map((row) => row.key)
    .sort();
}

describe('GET /api/inspections/prefill', () => {
  it('answers the last completed inspection in use of the template on the asset, or null', async () => {
    const assetId = await newAsset('PF-1');
    const otherAsset = await newAsset('PF-2');
    expect(await prefillOf(admin.agent, templateId, assetId)).toBeNull();
    const first = await completedInspection(admin.agent, templateId, { assetId });
    await completedInspection(admin.agent, templateId, { assetId: otherAsset });
    await startInspection(admin.agent, templateId, assetId); // in progress: not a source
    expect((await prefillOf(admin.agent, templateId, assetId)).id).toBe(first.id);

    const second = await completedInspection(admin.agent, templateId, { assetId });
    expect(await prefillOf(admin.agent, templateId, assetId)).toMatchObject({ id: second.id, status: 'completed', number: second.number });
    await admin.agent.put(`/api/inspections/${second.id}/archive`);
    expect((await prefillOf(admin.agent, templateId, assetId)).id).toBe(first.id);
    const otherTemplate = await publishedTemplate(admin.agent, pumpCheckDocument(), 'Other check');
    expect(await prefillOf(admin.agent, otherTemplate, assetId)).toBeNull();
  });

  it('offers an auditor who reads no reports only their own inspections', async () => {
    const assetId = await newAsset('PF-3');
    const auditor = await asRole(t, admin.workspaceId, ['INS_CONDUCT_INSPECTIONS']);
    await completedInspection(admin.agent, templateId, { assetId });
    expect(await prefillOf(auditor.agent, templateId, assetId)).toBeNull();
    expect(await prefillOf(member.agent, templateId, assetId)).not.toBeNull();
    const own = await completedInspection(auditor.agent, templateId, { assetId });
    await completedInspection(admin.agent, templateId, { assetId });
    expect((await prefillOf(auditor.agent, templateId, assetId)).id).toBe(own.id);
    const started = await startPrefilled(auditor.agent, templateId, assetId);
    expect(started.answers.pressure).toMatchObject({ value: 3, carried_over: true, updated_by: auditor.userId });
  });
});

describe('POST /api/inspections/new with prefill', () => {
  it('copies the answers of the last completed one, marked carried over, but never files, signatures or what the server writes', async () => {
    const assetId = await newAsset('PF-10');
    const source = await startInspection(admin.agent, templateId, assetId);
    const photo = await uploadedMedia(admin.agent, source.id);
    const saved = await saveAnswers(
      admin.agent,
      source.id,
      [
        answer('pressure', 4),
        answer('why', 'Worn seal', { note: 'At the inlet', media: [photo] }),
        answer('ok', 'no'),
        answer('grade', 'fair'),
        answer('done', true, { note: 'Checked' }),
        answer('who', { id: member.userId, name: 'x' }),
        answer('where', { latitude: 52.5, longitude: 13.4 }),
        answer('photo', [photo]),
        answer('signed', { file: photo, name: 'Ada Admin' }),
        answer('reading@1', 7),
        answer('reading@two', 8),
      ],
      { instances: [{ repeatable_id: 'readings', instance_ids: ['1', 'two'] }] },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.agent.post(`/api/inspections/${source.id}/finish`)).statusCode).toBe(200);

    const started = await startPrefilled(admin.agent, templateId, assetId);
    expect(started).toMatchObject({ status: 'todo', instances: { readings: ['1', 'two'] }, failed_count: 1 });
    const { answers } = started;
    expect(answers.pressure).toMatchObject({ value: 4, carried_over: true });
    expect(answers.why).toEqual(expect.objectContaining({ value: 'Worn seal', note: 'At the inlet', carried_over: true }));
    expect(answers.why.media).toBeUndefined();
    expect(answers.ok).toMatchObject({ value: 'no', carried_over: true });
    expect(answers.grade).toMatchObject({ value: 'fair', carried_over: true });
    expect(answers.who).toMatchObject({ value: { id: member.userId, name: 'Max Member' }, carried_over: true });
    expect(answers.where).toMatchObject({ value: { latitude: 52.5, longitude: 13.4 }, carried_over: true });
    expect(answers['reading@two']).toMatchObject({ value: 8, carried_over: true });
    expect(answers.photo).toBeUndefined();
    expect(answers.signed).toBeUndefined();
    expect(answers.docid).toEqual(expect.objectContaining({ value: `PC-${started.number}` }));
    expect(answers.docid.carried_over).toBeUndefined();
    expect(answers.began.carried_over).toBeUndefined();
    expect(answers.asset.carried_over).toBeUndefined();
    expect(await carriedKeys(started.id)).toEqual(['done', 'grade', 'ok', 'pressure', 'reading@1', 'reading@two', 'where', 'who', 'why']);

    // Saving an answer again, even unchanged, confirms it; a changed one too; the rest stay carried over.
    const confirmed = await saveAnswers(admin.agent, started.id, [answer('pressure', 4), answer('ok', 'yes')]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await carriedKeys(started.id)).toEqual(['done', 'grade', 'reading@1', 'reading@two', 'where', 'who', 'why']);
    const detail = json(await admin.agent.get(`/api/inspections/${started.id}`)).data;
    expect(detail.answers.pressure.carried_over).toBeUndefined();
    expect(detail.answers.grade.carried_over).toBe(true);

    const log = json(await admin.agent.get(`/api/log/user-activity-log?filter[object_id][value]=${started.id}`)).data.list;
    expect(log[0].after).toMatchObject({ source: `#${source.number}` });
  });

  it('carries only what the new version still asks the same way', async () => {
    const assetId = await newAsset('PF-20');
    const page = (children: object[]) => documentOf([{ id: 'p', type: 'page', children } as never]);
    const template = await publishedTemplate(
      admin.agent,
      page([
        { id: 'kept', type: 'textAnswer' },
        { id: 'retyped', type: 'textAnswer' },
        { id: 'dropped', type: 'textAnswer' },
        { id: 'bounded', type: 'number' },
      ]),
      'Changing check',
    );
    const source = await startInspection(admin.agent, template, assetId);
    await saveAnswers(admin.agent, source.id, [answer('kept', 'a'), answer('retyped', 'b'), answer('dropped', 'c'), answer('bounded', 50)]);
    expect((await admin.agent.post(`/api/inspections/${source.id}/finish`)).statusCode).toBe(200);
    await publishDocument(
      admin.agent,
      template,
      page([
        { id: 'kept', type: 'textAnswer' },
        { id: 'retyped', type: 'number' },
        { id: 'bounded', type: 'number', options: { max: 10 } },
      ]),
    );
    const started = await startPrefilled(admin.agent, template, assetId);
    expect(await carriedKeys(started.id)).toEqual(['kept']);
    expect(started.answers.retyped).toBeUndefined();
    expect(started.answers.bounded).toBeUndefined();
    expect(started.answers.kept).toMatchObject({ value: 'a', carried_over: true });
  });

  it('starts without carrying anything when there is nothing to carry, and needs an asset', async () => {
    const assetId = await newAsset('PF-30');
    const started = await startPrefilled(admin.agent, templateId, assetId);
    expect(await carriedKeys(started.id)).toEqual([]);
    const refused = await admin.agent.post('/api/inspections/new', { template_id: templateId, prefill: true });
    expect([refused.statusCode, json(refused).data]).toEqual([
      422,
      { prefill: ['Choose the asset whose last inspection is to be carried over.'] },
    ]);
  });
});
