import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; data: any }>();

async function ok(response: Promise<LightMyRequestResponse>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer).data;
}

/** The activity records of one object, oldest first. */
function entriesOf(objectId: string) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.objectId, objectId)))
    .orderBy(asc(activityLogs.createdAt), asc(activityLogs.id));
}

const typesOf = async (objectId: string) => (await entriesOf(objectId)).map((entry) => entry.type);

function draftOf(template: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...rest } = template;
  return { ...rest, ...changes };
}

describe('activity records of template changes', () => {
  it('records the life of a template: created, saved, published, moved, archived, restored, language, cloned, deleted', async () => {
    const agent = admin.agent;
    const template = await ok(agent.post('/api/checklist/template/new', { title: 'Pump check', language: 'en' }));
    await ok(agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0 })));
    await ok(agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { title: 'Pump check v2', revision: 1 })));
    const version = await ok(agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 2 }));
    const folder = await ok(agent.post('/api/checklist/template/folder/new', { name: 'Pumps' }));
    await ok(agent.post('/api/checklist/template/move', { id: template.id, parent_id: folder.id }));
    await ok(agent.post(`/api/checklist/template/${template.id}/archive`, {}));
    await ok(agent.post(`/api/checklist/template/${template.id}/restore`, {}));
    await ok(agent.post(`/api/checklist/template/${template.id}/set-language`, { lang: 'fr' }));
    const copy = await ok(agent.post(`/api/checklist/template/${template.id}/clone`, {}));
    await ok(agent.delete(`/api/checklist/template/${template.id}`));

    const entries = await entriesOf(template.id);
    expect(entries.map((entry) => entry.type)).toEqual([
      'template.created',
      'template.saved',
      'template.saved',
      'template.published',
      'template.moved',
      'template.archived',
      'template.restored',
      'template.language_set',
      'template.deleted',
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ userId: admin.userId, objectType: 'template', ip: expect.any(String) });
    const [created, firstSave, rename, published, moved, , , language, deleted] = entries;
    // Only fields with a value, references by name, and the object's name as it was at the time.
    expect(created).toMatchObject({ objectName: 'Pump check', after: { title: 'Pump check', language: 'en' } });
    expect(created.after).toEqual({ title: 'Pump check', language: 'en' });
    // Autosave keeps revisions (and a title change), never the document.
    expect(firstSave).toMatchObject({ before: { revision: 0 }, after: { revision: 1 } });
    expect(rename).toMatchObject({ before: { revision: 1, title: 'Pump check' }, after: { revision: 2, title: 'Pump check v2' } });
    expect(JSON.stringify(rename.after).length).toBeLessThan(100);
    expect(rename.objectName).toBe('Pump check v2');
    expect(published.after).toEqual({ version: version.version });
    expect(moved).toMatchObject({ before: null, after: { folder: 'Pumps' } });
    expect(language).toMatchObject({ before: { language: 'en' }, after: { language: 'fr' } });
    expect(deleted).toMatchObject({ objectName: 'Pump check v2', before: { title: 'Pump check v2', folder: folder.name } });
    expect((await entriesOf(copy.id)).map((entry) => [entry.type, entry.after])).toEqual([
      ['template.cloned', { source: 'Pump check v2', title: 'Pump check v2 (copy)', folder: 'Pumps' }],
    ]);
  });

  it('records folders created, renamed and deleted', async () => {
    const folder = await ok(admin.agent.post('/api/checklist/template/folder/new', { name: 'Boilers' }));
    await ok(admin.agent.put(`/api/checklist/template/folder/${folder.id}`, { name: 'Heating' }));
    await ok(admin.agent.delete(`/api/checklist/template/folder/${folder.id}`));
    const entries = await entriesOf(folder.id);
    expect(entries.map((entry) => [entry.type, entry.objectType, entry.before, entry.after])).toEqual([
      ['template_folder.created', 'template_folder', null, { name: 'Boilers' }],
      ['template_folder.updated', 'template_folder', { name: 'Boilers' }, { name: 'Heating' }],
      ['template_folder.deleted', 'template_folder', { name: 'Heating' }, null],
    ]);
  });

  it('records translation languages added, updated and removed, without their texts', async () => {
    const template = await ok(admin.agent.post('/api/checklist/template/new', { title: 'Valve check' }));
    await ok(admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'de' }));
    await ok(admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'de' }));
    await ok(admin.agent.put(`/api/checklist/template/${template.id}/translation/de`, { key: 'title', translation: 'Ventilprüfung' }));
    await ok(admin.agent.delete(`/api/checklist/template/${template.id}/translation/de`));
    const entries = (await entriesOf(template.id)).filter((entry) => entry.type !== 'template.created');
    expect(entries.map((entry) => [entry.type, entry.before, entry.after])).toEqual([
      ['template.translation_added', null, { lang: 'de' }],
      ['template.translation_updated', null, { lang: 'de', count: 1 }],
      ['template.translation_deleted', { lang: 'de' }, null],
    ]);
  });

  it('leaves no record when a change is refused', async () => {
    const template = await ok(admin.agent.post('/api/checklist/template/new', { title: 'Refusals' }));
    await ok(admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0 })));
    const before = await typesOf(template.id);
    expect(before).toEqual(['template.created', 'template.saved']);

    const stale = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { title: 'Lost', revision: 0 }));
    expect(stale.statusCode).toBe(409);
    const invalid = await admin.agent.post(
      `/api/checklist/template/${template.id}`,
      draftOf(template, { items: [{ id: 'x' }], revision: 1 }),
    );
    expect(invalid.statusCode).toBe(422);
    const stalePublish = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    expect(stalePublish.statusCode).toBe(409);
    const badKey = await admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'en' });
    expect(badKey.statusCode).toBe(422);
    const nowhere = await admin.agent.post('/api/checklist/template/move', {
      id: template.id,
      parent_id: '00000000-0000-4000-8000-000000000009',
    });
    expect(nowhere.statusCode).toBe(404);
    expect(await typesOf(template.id)).toEqual(before);

    const folder = await ok(admin.agent.post('/api/checklist/template/folder/new', { name: 'Full' }));
    await ok(admin.agent.post('/api/checklist/template/move', { id: template.id, parent_id: folder.id }));
    const notEmpty = await admin.agent.delete(`/api/checklist/template/folder/${folder.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(await typesOf(folder.id)).toEqual(['template_folder.created']);
  });

  it("writes nothing into another workspace's log", async () => {
    const other = await t.asAdmin();
    const template = await ok(other.agent.post('/api/checklist/template/new', { title: 'Theirs' }));
    expect(await typesOf(template.id)).toEqual([]);
  });
});
