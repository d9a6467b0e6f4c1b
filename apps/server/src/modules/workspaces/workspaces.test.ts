import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/settings/workspaces', () => {
  it('answers 401 without a session', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/settings/workspaces/my-workspaces')).statusCode).toBe(401);
    expect((await anon.post('/api/settings/workspaces/new', { name: 'X', branch: 'DE' })).statusCode).toBe(401);
  });

  it('creates a workspace with me as administrator, lists both, and switches the session to it', async () => {
    const admin = await t.asAdmin();
    const created = await admin.agent.post('/api/settings/workspaces/new', { name: '  Plant North  ', branch: 'US' });
    expect(created.statusCode, created.body).toBe(200);
    const workspace = created.json().data;
    expect(workspace).toMatchObject({ name: 'Plant North', branch: 'US', plan: 'free' });
    expect(created.json().message).toBe('The workspace Plant North was created. You are its administrator.');

    const mine = (await admin.agent.get('/api/settings/workspaces/my-workspaces')).json().data;
    expect(mine.map((w: { id: string; current: boolean }) => [w.id, w.current]).sort()).toEqual(
      [
        [admin.workspaceId, true],
        [workspace.id, false],
      ].sort(),
    );
    const switched = await admin.agent.post(`/api/settings/workspaces/${workspace.id}/switch`);
    expect(switched.json().data.workspace.id).toBe(workspace.id);
    expect(switched.json().data.userData.abilities).toContain('USR_MANAGE_ROLE');
    expect((await admin.agent.get('/api/user/auth')).json().data.workspace.id).toBe(workspace.id);
    // The next sign-in returns to the workspace used last.
    const again = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    expect(again.json().data.workspace.id).toBe(workspace.id);
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, workspace.id), eq(activityLogs.type, 'workspace.created')));
    expect(entry).toMatchObject({ type: 'workspace.created', userId: admin.userId });
  });

  it('refuses to switch to a workspace where I am not an active member (404)', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const response = await admin.agent.post(`/api/settings/workspaces/${other.workspaceId}/switch`);
    expect(response.statusCode).toBe(404);
    expect((await admin.agent.get('/api/user/auth')).json().data.workspace.id).toBe(admin.workspaceId);
  });

  it.each([
    ['no name', { name: '   ', branch: 'DE' }, 'name'],
    ['a long name', { name: 'x'.repeat(101), branch: 'DE' }, 'name'],
    ['an unknown branch', { name: 'X', branch: 'FR' }, 'branch'],
  ])('refuses %s with 422 and field data', async (_title, body, field) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/settings/workspaces/new', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toEqual([field]);
  });
});
