import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionAnswers, inspections } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { answer, json, publishedTemplate, pumpCheckDocument, saveAnswers, startInspection } from '../../test/inspections.ts';

let t: TestApp;
let admin: SignedIn;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  templateId = await publishedTemplate(admin.agent, pumpCheckDocument());
});
afterAll(() => t.close());

/** In the pump check, a pressure above 5 hides the question `why`. */
describe('the answers a server keeps between saves', () => {
  it('are read again after another server saved the inspection', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    expect((await saveAnswers(admin.agent, inspection.id, [answer('pressure', 3)])).statusCode).toBe(200);

    // Another server's save: the answer and the row's stamp change behind this server's back.
    const ours = and(eq(inspectionAnswers.workspaceId, admin.workspaceId), eq(inspectionAnswers.inspectionId, inspection.id));
    await t.database.db
      .update(inspectionAnswers)
      .set({ value: 8, valueNumber: 8 })
      .where(and(ours, eq(inspectionAnswers.answerKey, 'pressure')));
    await t.database.db
      .update(inspections)
      .set({ revision: sql`${inspections.revision} + 1`, updatedAt: sql`now() + interval '1 second'` })
      .where(and(eq(inspections.workspaceId, admin.workspaceId), eq(inspections.id, inspection.id)));

    const refused = await saveAnswers(admin.agent, inspection.id, [answer('why', 'Worn seal')]);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).data['answers.why']).toEqual(['This question is hidden']);
  });

  it('keep nothing of a refused save', async () => {
    const inspection = await startInspection(admin.agent, templateId);
    expect((await saveAnswers(admin.agent, inspection.id, [answer('pressure', 3)])).statusCode).toBe(200);
    const refused = await saveAnswers(admin.agent, inspection.id, [answer('pressure', 8), answer('ok', 'maybe')]);
    expect(refused.statusCode).toBe(422);

    const accepted = await saveAnswers(admin.agent, inspection.id, [answer('why', 'Worn seal')]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const detail = json(await admin.agent.get(`/api/inspections/${inspection.id}`)).data;
    expect(detail.answers.pressure.value).toBe(3);
    expect(detail.answers.why.value).toBe('Worn seal');
  });
});
