import { ACTIVITY_TYPE_GROUPS } from '@vigil/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, workspaces } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin({ plan: 'free' });
});
afterAll(() => t.close());

const TRIAL = '/api/settings/organization/plans/trial';
const DAY = 86_400_000;
const featuresOf = async (who: SignedIn) => (await who.agent.get('/api/user/auth')).json().data.features as Record<string, boolean>;

describe('guards', () => {
  itRefusesStrangers(
    [
      ['POST', TRIAL, { plan: 'premium' }],
      ['DELETE', TRIAL],
    ],
    () => ({ t, workspaceId: admin.workspaceId }),
    'APP_EDIT_SETTINGS',
  );
});

describe('free trial', () => {
  it('starts a 14-day trial of a higher plan: its features at once, for this workspace only, logged', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    const other = await t.asAdmin({ plan: 'free' });
    const member = await t.asMember(free.workspaceId);
    expect((await featuresOf(member)).app_sso).toBe(false);

    const before = Date.now();
    const response = await free.agent.post(TRIAL, { plan: 'premium' });
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe('Your 14-day free trial has started.');
    expect(data).toMatchObject({ plan: 'free', trial_plan: 'premium' });
    const endsAt = Date.parse(data.trial_ends_at);
    expect(endsAt).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 14 * DAY);
    expect(data.features).toMatchObject({ app_sso: true, ana_overview: true, ana_reports: false });

    // Everyone in the workspace gets the features with their next call; the other workspace does not.
    expect(await featuresOf(member)).toMatchObject({ app_sso: true, ana_reports: false });
    expect((await featuresOf(other)).app_sso).toBe(false);
    expect((await free.agent.get('/api/settings/organization/plans')).json().data).toMatchObject({
      trial_plan: 'premium',
      features: { app_sso: true },
    });

    const logged = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, free.workspaceId), notInArray(activityLogs.type, [...ACTIVITY_TYPE_GROUPS.sign_in])));
    expect(logged.map((entry) => entry.type)).toEqual(['workspace.trial_started']);
    expect(logged[0].after).toEqual({ trial_plan: 'premium', trial_ends_at: data.trial_ends_at });
  });

  it('allows one trial per workspace, even after cancelling it', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    expect((await free.agent.post(TRIAL, { plan: 'standard' })).statusCode).toBe(200);
    const again = await free.agent.post(TRIAL, { plan: 'premium' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: '_CONFLICT', message: 'This workspace has already used its free trial.' });
    expect((await free.agent.delete(TRIAL)).statusCode).toBe(200);
    expect((await free.agent.post(TRIAL, { plan: 'premium' })).statusCode).toBe(409);
  });

  it('cancels a running trial: back to the paid plan at once; nothing to cancel afterwards', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    await free.agent.post(TRIAL, { plan: 'premium' });
    const cancelled = await free.agent.delete(TRIAL);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe('The free trial was cancelled.');
    expect(cancelled.json().data.features.app_sso).toBe(false);
    expect(Date.parse(cancelled.json().data.trial_ends_at)).toBeLessThanOrEqual(Date.now());
    expect((await featuresOf(free)).app_sso).toBe(false);
    const nothing = await free.agent.delete(TRIAL);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('There is no free trial running.');
    const types = (
      await t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.workspaceId, free.workspaceId), notInArray(activityLogs.type, [...ACTIVITY_TYPE_GROUPS.sign_in])))
    ).map((entry) => entry.type);
    expect(types).toEqual(['workspace.trial_started', 'workspace.trial_cancelled']);
  });

  it('ends by itself after its end date: the plan in force is computed from it', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    await free.agent.post(TRIAL, { plan: 'enterprise' });
    expect((await featuresOf(free)).ana_reports).toBe(true);
    await t.database.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(workspaces.id, free.workspaceId));
    expect((await featuresOf(free)).ana_reports).toBe(false);
    expect((await free.agent.delete(TRIAL)).statusCode).toBe(409);
    expect((await free.agent.post(TRIAL, { plan: 'premium' })).statusCode).toBe(409);
  });

  it.each([
    ['the plan it already has', 'standard', { plan: 'standard' }, 'plan'],
    ['a lower plan', 'premium', { plan: 'standard' }, 'plan'],
    ['the free plan', 'free', { plan: 'free' }, 'plan'],
    ['an unknown plan', 'free', { plan: 'gold' }, 'plan'],
    ['no plan', 'free', {}, 'plan'],
    ['an unknown field', 'free', { plan: 'premium', days: 90 }, 'days'],
  ] as const)('refuses %s with 422 and changes nothing', async (_title, plan, body, field) => {
    const who = await t.asAdmin({ plan });
    const response = await who.agent.post(TRIAL, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().data)).toContain(field);
    const [row] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, who.workspaceId));
    expect(row).toMatchObject({ trialPlan: null, trialEndsAt: null });
  });
});
