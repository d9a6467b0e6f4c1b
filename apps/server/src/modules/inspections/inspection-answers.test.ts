import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionAnswers } from '../../db/schema/index.ts';
import { createTestApp, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  answer,
  clear,
  documentOf,
  json,
  publishedTemplate,
  pumpCheckDocument,
  saveAnswers,
  startInspection,
  uploadedMedia,
  type Change,
} from '../../test/inspections.ts';
import { asRole } from '../../test/members.ts';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let templateId: string;
let pump: { id: string; asset_id: string; display_name: string };
let scrapped: { id: string; asset_id: string; display_name: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  member = await t.asMember(admin.workspaceId);
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
  const type = json(await admin.agent.post('/api/assets/types/new', { name: 'Pumps', fields: [] })).data;
  const newAsset = async (assetId: string) =>
    json(await admin.agent.post('/api/assets/new', { asset_id: assetId, display_name: `Pump ${assetId}`, type_id: type.id, fields: {} }))
      .data;
  const snapshot = ({ id, asset_id, display_name }: typeof pump) => ({ id, asset_id, display_name });
  pump = snapshot(await newAsset('P-1'));
  scrapped = snapshot(await newAsset('P-0'));
  await admin.agent.put('/api/assets/bulk-archive', { ids: [scrapped.id] });
});
afterAll(() => t.close());

/** The stored answer rows of an inspection, by key. */
async function rowsOf(inspectionId: string) {
  const rows = await t.database.db
    .select()
    .from(inspectionAnswers)
    .where(and(eq(inspectionAnswers.workspaceId, admin.workspaceId), eq(inspectionAnswers.inspectionId, inspectionId)))
    .orderBy(asc(inspectionAnswers.answerKey));
  return Object.fromEntries(rows.map((row) => [row.answerKey, row]));
}

const detailOf = async (agent: Agent, id: string) => json(await agent.get(`/api/inspections/${id}`)).data;

async function saved(agent: Agent, id: string, changes: Change[], options: Parameters<typeof saveAnswers>[3] = {}) {
  const response = await saveAnswers(agent, id, changes, options);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

describe('saving answers', () => {
  it('stores each answer as given and typed, the people, assets and files as the server knows them, and the totals', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const photo = await uploadedMedia(admin.agent, inspection.id);
    const drawing = await uploadedMedia(admin.agent, inspection.id);
    const result = await saved(admin.agent, inspection.id, [
      answer('pressure', 3),
      answer('why', 'Worn seal', { note: 'Seen at the inlet' }),
      answer('ok', 'no'),
      answer('grade', 'fair'),
      answer('who', { id: member.userId, name: 'Somebody else' }),
      answer('asset', { id: pump.id, asset_id: 'X', display_name: 'Renamed' }),
      answer('where', { latitude: 52.5, longitude: 13.4, accuracy: 8 }),
      answer('photo', [{ ...photo, url: '/storage/elsewhere/file.png', name: 'fake.png' }], {
        media: [{ id: drawing.id, url: drawing.url }],
      }),
      answer('signed', { file: drawing, name: 'Ada Admin' }),
    ]);
    expect(result).toMatchObject({ revision: 1, status: 'in_progress', failed_count: 1, answered_count: 9, score_points: 4 });

    const rows = await rowsOf(inspection.id);
    expect(rows.pressure).toMatchObject({ value: 3, valueNumber: 3, score: 3, maxScore: 10, failed: false, updatedBy: admin.userId });
    expect(rows.ok).toMatchObject({ value: 'no', valueText: 'no', valueChoices: ['no'], score: 0, maxScore: 1, failed: true });
    expect(rows.grade).toMatchObject({ valueChoices: ['fair'], score: 1, maxScore: 2, failed: false });
    expect(rows.why).toMatchObject({ valueText: 'Worn seal', note: 'Seen at the inlet' });
    expect(rows.double).toMatchObject({ value: null, valueNumber: 6, itemType: 'calculation' });
    expect(rows.who.value).toEqual({ id: member.userId, name: 'Max Member' });
    expect(rows.who.valueText).toBe(member.userId);
    expect(rows.photo.value).toEqual([photo]);
    expect(rows.photo.media).toEqual([drawing]);
    expect(rows.signed.value).toEqual({ file: drawing, name: 'Ada Admin' });

    const detail = await detailOf(admin.agent, inspection.id);
    expect(detail.asset).toEqual(pump);
    expect(detail.answers.asset.value).toEqual(pump);
    expect(detail.answers.why).toMatchObject({ value: 'Worn seal', note: 'Seen at the inlet', updated_by: admin.userId });
    expect(detail.answers.double).toBeUndefined();
    expect(detail).toMatchObject({ revision: 1, status: 'in_progress', failed_count: 1, answered_count: 9 });
  });

  it('keeps a text answer that looks like a number as text', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    await saved(admin.agent, inspection.id, [answer('why', '0042')]);
    expect((await detailOf(admin.agent, inspection.id)).answers.why.value).toBe('0042');
    expect((await rowsOf(inspection.id)).why.valueText).toBe('0042');
  });

  it('refuses the whole save for any answer the pinned version does not take, naming each, and writes nothing', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    await saved(admin.agent, inspection.id, [answer('pressure', 2)]);
    const foreign = await uploadedMedia(admin.agent, (await startInspection(admin.agent, templateId)).id);
    const before = await rowsOf(inspection.id);
    const cases: [string, Change[], Record<string, string[]>][] = [
      ['a wrong type', [answer('pressure', 'high')], { 'answers.pressure': ['This answer does not fit this question'] }],
      ['out of range', [answer('pressure', 11)], { 'answers.pressure': ['Must be between [1 - 10]'] }],
      ['hidden by an earlier change', [answer('pressure', 7), answer('why', 'x')], { 'answers.why': ['This question is hidden'] }],
      ['disabled', [answer('locked', 'x')], { 'answers.locked': ['This question cannot be changed now'] }],
      ['an unknown choice', [answer('grade', 'excellent')], { 'answers.grade': ['This question does not offer that choice'] }],
      [
        'a file of another inspection',
        [answer('photo', [foreign])],
        { 'answers.photo': ['This file was not uploaded for this inspection.'] },
      ],
      [
        'a file of another inspection beside the answer',
        [answer('why', 'ok', { media: [foreign] })],
        { 'answers.why': ['This file was not uploaded for this inspection.'] },
      ],
      ['an archived asset', [answer('asset', scrapped)], { 'answers.asset': ['Choose an asset that is in use.'] }],
      [
        'someone not a member',
        [answer('who', { id: randomUUID(), name: 'Nobody' })],
        { 'answers.who': ['Choose an active member of the workspace.'] },
      ],
      ['an unknown question', [answer('nope', 'x')], { 'answers.nope': ['This question is not part of the inspection.'] }],
      ['a computed item', [answer('double', 4)], { 'answers.double': ['This item is not answered by the inspector'] }],
      ["the server's document id", [clear('docid')], { 'answers.docid': ['This item is not answered by the inspector'] }],
      ['an instance that does not exist', [answer('reading@9', 1)], { 'answers.reading@9': ['This repeated entry does not exist.'] }],
      ['a repeated question without its instance', [answer('reading', 1)], { 'answers.reading': ['This repeated entry does not exist.'] }],
      [
        'one bad among good ones',
        [answer('pressure', 4), answer('grade', 'excellent'), answer('ok', 'yes')],
        { 'answers.grade': ['This question does not offer that choice'] },
      ],
    ];
    for (const [name, changes, fields] of cases) {
      const response = await saveAnswers(admin.agent, inspection.id, changes);
      expect([response.statusCode, json(response).code], name).toEqual([422, 'INS_ANSWERS_REFUSED']);
      expect(json(response).data, name).toEqual(fields);
    }
    expect(await rowsOf(inspection.id)).toEqual(before);
    expect(await detailOf(admin.agent, inspection.id)).toMatchObject({ revision: 1, answered_count: 1 });
  });

  it('answers a repeated change id with its first result and applies it once', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const changeId = randomUUID();
    const first = await saved(admin.agent, inspection.id, [answer('pressure', 3)], { changeId });
    const again = await saved(admin.agent, inspection.id, [answer('pressure', 9)], { changeId });
    expect(again).toEqual(first);
    const detail = await detailOf(admin.agent, inspection.id);
    expect([detail.revision, detail.answers.pressure.value]).toEqual([1, 3]);
    expect(Object.keys(await rowsOf(inspection.id)).filter((key) => key === 'pressure')).toEqual(['pressure']);
  });

  it('loses nothing of 20 saves sent at once to one inspection', async () => {
    const questions = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}`, type: 'textAnswer' as const }));
    const id = await publishedTemplate(admin.agent, documentOf([{ id: 'p', type: 'page', children: questions }]), 'Twenty');
    const inspection = await startInspection(admin.agent, id);
    const results = await Promise.all(
      questions.map((question) => saveAnswers(admin.agent, inspection.id, [answer(question.id, `answer ${question.id}`)])),
    );
    expect(results.map((response) => response.statusCode)).toEqual(questions.map(() => 200));
    expect(results.map((response) => json(response).data.revision).sort((a, b) => a - b)).toEqual(questions.map((_, i) => i + 1));
    const detail = await detailOf(admin.agent, inspection.id);
    expect([detail.revision, detail.answered_count]).toEqual([20, 20]);
    const answered = Object.keys(detail.answers).filter((key) => key.startsWith('q'));
    expect(answered.sort()).toEqual(questions.map((question) => question.id).sort());
  });

  it('clears an answer, and a note-only change keeps the value and moves the revision', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    await saved(admin.agent, inspection.id, [answer('pressure', 3), answer('ok', 'yes')]);
    const noted = await saved(admin.agent, inspection.id, [answer('ok', 'yes', { note: 'Checked twice' })]);
    expect(noted.revision).toBe(2);
    const cleared = await saved(admin.agent, inspection.id, [clear('pressure')]);
    expect(cleared).toMatchObject({ revision: 3, answered_count: 1 });
    const rows = await rowsOf(inspection.id);
    expect([rows.pressure, rows.double, rows.ok.note]).toEqual([undefined, undefined, 'Checked twice']);
    const unchanged = await saved(admin.agent, inspection.id, [answer('ok', 'yes', { note: 'Checked twice' })]);
    expect(unchanged.revision).toBe(3);
  });
});

describe('repeat instances', () => {
  it('adds and removes instances in order; a removed one takes its answers with it', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    await saved(admin.agent, inspection.id, [answer('reading@1', 4), answer('reading@b', 5)], {
      instances: [{ repeatable_id: 'readings', instance_ids: ['1', 'b'] }],
    });
    expect(Object.keys(await rowsOf(inspection.id))).toEqual(expect.arrayContaining(['reading@1', 'reading@b']));
    const removed = await saved(admin.agent, inspection.id, [], { instances: [{ repeatable_id: 'readings', instance_ids: ['b', 'c'] }] });
    expect(removed.revision).toBe(2);
    const detail = await detailOf(admin.agent, inspection.id);
    expect(detail.instances).toEqual({ readings: ['b', 'c'] });
    expect(Object.keys(detail.answers).filter((key) => key.startsWith('reading'))).toEqual(['reading@b']);
    expect((await rowsOf(inspection.id))['reading@1']).toBeUndefined();

    const refusals: [string, { repeatable_id: string; instance_ids: string[] }, string][] = [
      ['not repeatable', { repeatable_id: 'pressure', instance_ids: ['1'] }, 'This item does not repeat.'],
      [
        'twice the same id',
        { repeatable_id: 'readings', instance_ids: ['b', 'b'] },
        'Repeated entries need distinct ids made of letters, digits, hyphens and underscores.',
      ],
      [
        'an id with spaces',
        { repeatable_id: 'readings', instance_ids: ['a b'] },
        'Repeated entries need distinct ids made of letters, digits, hyphens and underscores.',
      ],
    ];
    for (const [name, change, text] of refusals) {
      const response = await saveAnswers(admin.agent, inspection.id, [], { instances: [change] });
      expect([response.statusCode, json(response).data], name).toEqual([422, { [`instances.${change.repeatable_id}`]: [text] }]);
    }
  });
});

describe('document ids that read an answer', () => {
  it('follow the answer they read', async () => {
    const doc = documentOf([
      {
        id: 'start',
        type: 'start_page',
        children: [
          { id: 'loc', type: 'inspection_location' },
          {
            id: 'docid',
            type: 'document_id',
            options: {
              format: '#{number}-{loc}',
              items: [
                { key: 'number', type: 'unique' },
                { key: 'loc', type: 'item', item_id: 'loc' },
              ],
            },
          },
        ],
      },
    ]);
    const inspection = await startInspection(admin.agent, await publishedTemplate(admin.agent, doc, 'Located'));
    expect(inspection.answers.docid.value).toBe(`${inspection.number}-`);
    await saved(admin.agent, inspection.id, [answer('loc', { address: 'Berlin' })]);
    expect((await detailOf(admin.agent, inspection.id)).answers.docid.value).toBe(`${inspection.number}-Berlin`);
  });
});

describe('finishing', () => {
  it('names every required answer, note and file missing in document order, then completes', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    const refused = await admin.agent.post(`/api/inspections/${inspection.id}/finish`);
    expect([refused.statusCode, json(refused).code]).toEqual([422, 'INS_ANSWERS_MISSING']);
    expect(Object.entries(json(refused).data)).toEqual([
      ['answers.pressure', ['Field is required']],
      ['answers.why', ['Field is required']],
      ['answers.ok', ['Field is required']],
      ['answers.done', ['Add a note to this answer.']],
      ['answers.reading@1', ['Field is required']],
    ]);
    // A pressure over 5 hides the reason, which then is not required.
    await saved(admin.agent, inspection.id, [answer('pressure', 8), answer('ok', 'yes'), answer('done', true)]);
    const still = json(await admin.agent.post(`/api/inspections/${inspection.id}/finish`)).data;
    expect(Object.keys(still)).toEqual(['answers.done', 'answers.reading@1']);
    await saved(admin.agent, inspection.id, [answer('done', true, { note: 'All good' }), answer('reading@1', 2)]);

    const finished = await admin.agent.post(`/api/inspections/${inspection.id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(json(finished).message).toBe('The inspection was completed.');
    expect(json(finished).data).toMatchObject({
      status: 'completed',
      completed_at: expect.any(String),
      revision: 3,
      can: { answer: true },
    });
    expect(json(finished).data.answers.ended.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const again = await admin.agent.post(`/api/inspections/${inspection.id}/finish`);
    expect([again.statusCode, json(again).code]).toEqual([409, 'INS_COMPLETED']);
  });

  it("refuses answers to a completed inspection from its auditor, but takes a manager's change and records it", async () => {
    const auditor = await asRole(t, admin.workspaceId, ['INS_CONDUCT_INSPECTIONS']);
    const simple = documentOf([{ id: 'p', type: 'page', children: [{ id: 'q', type: 'textAnswer' }] }]);
    const inspection = await startInspection(auditor.agent, await publishedTemplate(admin.agent, simple, 'Simple'));
    await saved(auditor.agent, inspection.id, [answer('q', 'first')]);
    const completed = json(await auditor.agent.post(`/api/inspections/${inspection.id}/finish`)).data;
    expect(completed.can).toEqual({ answer: false, manage: false });

    const refused = await saveAnswers(auditor.agent, inspection.id, [answer('q', 'second')]);
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'INS_COMPLETED']);
    const media = await t.agent().post(`/api/inspections/${inspection.id}/media`);
    expect(media.statusCode).toBe(401);
    expect((await detailOf(admin.agent, inspection.id)).can).toEqual({ answer: true, manage: true });
    const edited = await saved(admin.agent, inspection.id, [answer('q', 'corrected')]);
    expect(edited).toMatchObject({ status: 'completed', revision: completed.revision + 1 });
    const log = json(await admin.agent.get(`/api/log/user-activity-log?filter[object_id][value]=${inspection.id}`)).data.list;
    expect(log.map((entry: { type: string }) => entry.type)).toEqual([
      'inspection.edited_after_completion',
      'inspection.completed',
      'inspection.started',
    ]);
  });
});
