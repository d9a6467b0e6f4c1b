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

async function ok(response: Promise<LightMyRequestResponse>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: any }>().data;
}

function entriesOf(objectId: string) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.objectId, objectId)))
    .orderBy(asc(activityLogs.createdAt), asc(activityLogs.id));
}

describe('activity records of checklist settings', () => {
  it('records a global response set created, updated, translated and deleted', async () => {
    const set = await ok(
      admin.agent.post('/api/checklist/global-response/new', {
        name: 'Pass / fail',
        options: [
          { uuid: 'p', label: 'Pass' },
          { uuid: 'f', label: 'Fail' },
        ],
      }),
    );
    await ok(
      admin.agent.put(`/api/checklist/global-response/${set.id}`, { name: 'Pass or fail', options: [{ uuid: 'p', label: 'Pass' }] }),
    );
    await ok(admin.agent.put(`/api/checklist/global-response/${set.id}/fr`, { options: [{ uuid: 'p', label: 'Réussi' }] }));
    await ok(admin.agent.put('/api/checklist/global-response/options/p/translate', { lang: 'de', translation: 'Bestanden' }));
    await ok(admin.agent.delete(`/api/checklist/global-response/${set.id}`));
    const entries = await entriesOf(set.id);
    expect(entries.map((entry) => [entry.type, entry.objectType, entry.before, entry.after])).toEqual([
      ['global_response.created', 'global_response', null, { name: 'Pass / fail', options: ['Pass', 'Fail'] }],
      [
        'global_response.updated',
        'global_response',
        { name: 'Pass / fail', options: ['Pass', 'Fail'] },
        { name: 'Pass or fail', options: ['Pass'] },
      ],
      ['global_response.translated', 'global_response', null, { lang: 'fr', options: 1 }],
      ['global_response.translated', 'global_response', null, { lang: 'de', translation: 'Bestanden' }],
      ['global_response.deleted', 'global_response', { name: 'Pass or fail' }, null],
    ]);
    for (const entry of entries) expect(entry.userId).toBe(admin.userId);
  });

  it('records a custom unit and rating settings, and nothing for a refused change', async () => {
    const unit = await ok(admin.agent.post('/api/checklist/custom-units/new', { name: 'Bar', symbol: 'bar' }));
    const duplicate = await admin.agent.post('/api/checklist/custom-units/new', { name: 'Bar', symbol: 'b' });
    expect(duplicate.statusCode).toBe(422);
    expect((await entriesOf(unit.id)).map((entry) => [entry.type, entry.after])).toEqual([
      ['custom_unit.created', { name: 'Bar', symbol: 'bar' }],
    ]);
    const unitEntries = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.type, 'custom_unit.created')));
    expect(unitEntries).toHaveLength(1);

    const rating = { 1: 'Top', 2: 'Fine', 3: 'Meh' };
    const saved = await ok(admin.agent.post('/api/checklist/settings/ratings', { rating, order: [1, 2, 3] }));
    const refused = await admin.agent.put(`/api/checklist/settings/ratings/${saved.id}`, { rating, order: [1, 1] });
    expect(refused.statusCode).toBe(422);
    await ok(admin.agent.put(`/api/checklist/settings/ratings/${saved.id}`, { rating, order: [3, 2, 1] }));
    expect((await entriesOf(saved.id)).map((entry) => [entry.type, entry.before, entry.after])).toEqual([
      ['rating_settings.saved', null, { rating, order: [1, 2, 3] }],
      // Only what changed: the order, not the unchanged labels.
      ['rating_settings.saved', { order: [1, 2, 3] }, { order: [3, 2, 1] }],
    ]);
  });
});
