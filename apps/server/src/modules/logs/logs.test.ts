import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  other = await t.asAdmin();
  // Activity in both workspaces: three groups here, one there.
  for (const name of ['Night shift', 'Day shift']) await admin.agent.post('/api/user/group/add', { name_lang: { en: name } });
  const group = (await admin.agent.post('/api/user/group/add', { name_lang: { en: 'Temp' } })).json().data;
  await admin.agent.delete(`/api/user/group/${group.id}`);
  await other.agent.post('/api/user/group/add', { name_lang: { en: 'Theirs' } });
});
afterAll(() => t.close());

const data = (response: LightMyRequestResponse) => response.json().data;
type Entry = {
  type: string;
  object_type: string;
  object_id: string | null;
  object_name: string | null;
  object_exists: boolean;
  user: { id: string; full_name: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: string;
};
const entriesOfType = async (who: SignedIn, type: string) =>
  data(await who.agent.get(`/api/log/user-activity-log?limit=100&filter[type][operator]=in&filter[type][value][0]=${type}`))
    .list as Entry[];

describe('guards', () => {
  itRefusesStrangers([['GET', '/api/log/activity-types']], () => ({ t, workspaceId: admin.workspaceId }), 'LOG_VIEW_ACTIVITY_TYPES');
  itRefusesStrangers(
    [
      ['GET', '/api/log/user-activity-log'],
      ['GET', '/api/log/users'],
    ],
    () => ({ t, workspaceId: admin.workspaceId }),
    'LOG_VIEW_USER_ACTIVITY',
  );

  it('refuses my activity without a session, and to a member whose role lacks LOG_VIEW_MY_ACTIVITY', async () => {
    expect((await t.agent().get('/api/log/activity-log')).statusCode).toBe(401);
    const member = await t.asMember(admin.workspaceId);
    expect((await member.agent.get('/api/log/activity-log')).statusCode).toBe(200);
    const role = data(
      await admin.agent.post('/api/user/role/new', { name_lang: { en: 'No logs' }, permissions: ['INS_VIEW_INSPECTION_LIST'] }),
    );
    expect((await admin.agent.post(`/api/user/${member.userId}/update-roles`, { roles: [role.id] })).statusCode).toBe(200);
    const refused = await member.agent.get('/api/log/activity-log');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('_FORBIDDEN');
  });
});

describe('activity types', () => {
  it('lists every type by area with this workspace figures only', async () => {
    const types = data(await admin.agent.get('/api/log/activity-types')) as {
      type: string;
      group: string;
      count: number;
      last_at: string | null;
    }[];
    const created = types.find((item) => item.type === 'group.created')!;
    expect(created).toMatchObject({ group: 'groups', count: 3 });
    expect(Date.parse(created.last_at!)).not.toBeNaN();
    expect(types.find((item) => item.type === 'group.deleted')?.count).toBe(1);
    expect(types.find((item) => item.type === 'role.deleted')).toEqual({ type: 'role.deleted', group: 'roles', count: 0, last_at: null });
  });
});

describe('user activity log', () => {
  it('pages, sorts and filters by type, user, object and date range, scoped to the workspace', async () => {
    const all = data(await admin.agent.get('/api/log/user-activity-log?limit=100'));
    expect(all.list.length).toBeGreaterThanOrEqual(4);
    // The admin's work and a member's sign-in (from the guard tests), nothing of the other workspace.
    expect(all.list.every((entry: Entry) => entry.user?.id === admin.userId || entry.type === 'user.signed_in')).toBe(true);
    expect(JSON.stringify(all)).not.toContain('Theirs');
    const groups = data(await admin.agent.get('/api/log/user-activity-log?filter[object_type]=group'));
    expect(groups.list.map((entry: Entry) => entry.type)).toEqual(['group.deleted', 'group.created', 'group.created', 'group.created']);
    expect(groups.list[0].user).toEqual({ id: admin.userId, full_name: 'Ada Admin', email: admin.email });

    const paged = data(await admin.agent.get('/api/log/user-activity-log?limit=2&page=2&sort[created_at]=asc&filter[object_type]=group'));
    expect(paged.pagination).toEqual({ total: 4, limit: 2, current_page: 2, total_pages: 2 });
    expect(paged.list.map((entry: Entry) => entry.type)).toEqual(['group.created', 'group.deleted']);

    const byType = data(await admin.agent.get('/api/log/user-activity-log?filter[type][operator]=in&filter[type][value][0]=group.deleted'));
    expect(byType.list).toHaveLength(1);
    const byUser = data(await admin.agent.get(`/api/log/user-activity-log?filter[user][value]=${other.userId}`));
    expect(byUser.list).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = data(
      await admin.agent.get(
        `/api/log/user-activity-log?filter[created_at][value][0]=${today}&filter[created_at][value][1]=${today}&filter[object_type]=group`,
      ),
    );
    expect(inRange.pagination.total).toBe(4);
    const before = data(
      await admin.agent.get('/api/log/user-activity-log?filter[created_at][value][0]=2000-01-01&filter[created_at][value][1]=2000-12-31'),
    );
    expect(before.pagination.total).toBe(0);
  });

  it('answers the saved queries of its table when asked', async () => {
    await admin.agent.post('/api/saved-query', {
      key: 'deleted',
      name: 'Deleted',
      table_name: 'user_activity_log',
      query_string: 'filter[type]=group.deleted',
    });
    const answer = data(await admin.agent.get('/api/log/user-activity-log?with_saved_queries=1'));
    expect(answer.table_name).toBe('user_activity_log');
    expect(Object.keys(answer.saved_queries).sort()).toEqual(['default', 'deleted']);
    expect(data(await admin.agent.get('/api/log/user-activity-log')).saved_queries).toBeUndefined();
  });

  it('offers members of this workspace only as user filter values', async () => {
    // The whole name: "ada" alone can stand in a member's random e-mail (its hex part), which is searched too.
    const found = data(await admin.agent.get('/api/log/users?q=ada%20admin'));
    expect(found).toEqual([{ id: admin.userId, full_name: 'Ada Admin', email: admin.email }]);
    expect(data(await admin.agent.get(`/api/log/users?ids=${other.userId}`))).toEqual([]);
    expect(data(await admin.agent.get(`/api/log/users?ids=${admin.userId}`))).toHaveLength(1);
  });

  it.each([
    ['an unknown field', 'filter[password][value]=x', 'filter.password'],
    ['an unknown type', 'filter[type][value]=user.hacked', 'filter.type'],
    ['a bad user id', "filter[user][value]=1' or '1'='1", 'filter.user'],
    ['a bad date', 'filter[created_at][value][0]=yesterday', 'filter.created_at'],
    ['an operator the type does not take', 'filter[type][operator]=contains&filter[type][value]=user', 'filter.type'],
    ['an unsortable field', 'sort[user]=asc', 'sort.user'],
  ])('refuses %s with 422 naming it', async (_title, query, field) => {
    const response = await admin.agent.get(`/api/log/user-activity-log?${query}`);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().data)).toContain(field);
  });

  it('refuses bad user lookups with 422', async () => {
    expect((await admin.agent.get('/api/log/users?ids=not-a-uuid')).statusCode).toBe(422);
    expect((await admin.agent.get(`/api/log/users?q=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });
});

describe('my activity', () => {
  it("shows only the caller's own records, whatever the filter asks", async () => {
    const member = await t.asMember(admin.workspaceId);
    expect(data(await member.agent.get('/api/log/activity-log')).list.map((entry: Entry) => entry.type)).toEqual(['user.signed_in']);
    const mine = data(await admin.agent.get('/api/log/activity-log?limit=100')).list as Entry[];
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.every((entry) => entry.user?.id === admin.userId)).toBe(true);
    const asked = data(await member.agent.get(`/api/log/activity-log?filter[user][value]=${admin.userId}`));
    expect(asked.list).toEqual([]);
    expect(data(await other.agent.get('/api/log/activity-log')).list.map((entry: Entry) => entry.type)).toEqual([
      'group.created',
      'user.signed_in',
    ]);
  });

  it('answers its own saved-query table', async () => {
    const answer = data(await admin.agent.get('/api/log/activity-log?with_saved_queries=1'));
    expect(answer.table_name).toBe('activity_log');
    expect(Object.keys(answer.saved_queries)).toEqual(['default']);
  });

  it('refuses a bad filter with 422', async () => {
    const response = await admin.agent.get('/api/log/activity-log?filter[ip][operator]=drop&filter[ip][value]=x');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toEqual(['filter.ip']);
  });
});

describe('what a record says', () => {
  it('names its object as it was called, and tells whether it still exists', async () => {
    const groups = data(await admin.agent.get('/api/log/user-activity-log?limit=100&filter[object_type]=group')).list as Entry[];
    const deleted = groups.filter((entry) => entry.object_name === 'Temp');
    expect(deleted.map((entry) => [entry.type, entry.object_exists])).toEqual([
      ['group.deleted', false],
      ['group.created', false],
    ]);
    const living = groups.filter((entry) => entry.object_name === 'Night shift');
    expect(living.map((entry) => [entry.type, entry.object_exists])).toEqual([['group.created', true]]);
    expect(living[0].after).toEqual({ name_lang: { en: 'Night shift' } });
  });

  it('keeps only the fields an edit changed, with references by name', async () => {
    const member = await t.asMember(admin.workspaceId);
    const role = data(
      await admin.agent.post('/api/user/role/new', { name_lang: { en: 'Inspector' }, permissions: ['LOG_VIEW_MY_ACTIVITY'] }),
    );
    await admin.agent.post(`/api/user/${member.userId}/edit-basic-info`, { first_name: 'Maxime', last_name: 'Member' });
    await admin.agent.post(`/api/user/${member.userId}/update-roles`, { roles: [role.id] });
    const [renamed] = (await entriesOfType(admin, 'user.updated')).filter((entry) => entry.object_id === member.userId);
    expect(renamed).toMatchObject({
      object_name: 'Maxime Member',
      object_exists: true,
      before: { first_name: 'Max' },
      after: { first_name: 'Maxime' },
    });
    const [roles] = (await entriesOfType(admin, 'user.roles_updated')).filter((entry) => entry.object_id === member.userId);
    expect(roles.after).toEqual({ roles: ['Inspector'] });
    expect(JSON.stringify(roles)).not.toContain(role.id);
  });

  it('reads records of the older shape narrowed: no unchanged fields, nulls or bare ids', async () => {
    const folderId = '5f1c3f4e-8d2a-4a5b-9c7e-2b1d0e9f8a7c';
    await t.database.db.insert(activityLogs).values({
      workspaceId: admin.workspaceId,
      userId: admin.userId,
      type: 'template_folder.updated',
      objectType: 'template_folder',
      objectId: folderId,
      before: { name: 'Boilers', parent_id: null },
      after: { name: 'Heating', parent_id: null },
      ip: '192.0.2.1',
    });
    const [old] = (await entriesOfType(admin, 'template_folder.updated')).filter((entry) => entry.object_id === folderId);
    expect(old).toMatchObject({ object_name: null, object_exists: false, before: { name: 'Boilers' }, after: { name: 'Heating' } });
  });
});

describe('sign-in records', () => {
  const signInFailures = () => t.database.db.select().from(activityLogs).where(eq(activityLogs.type, 'user.sign_in_failed'));

  it('records a sign-in and a sign-out of the account in its workspace, with address and device', async () => {
    const who = await t.asAdmin();
    const signedIn = await entriesOfType(who, 'user.signed_in');
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({
      object_type: 'user',
      object_id: who.userId,
      object_name: 'Ada Admin',
      object_exists: true,
      ip: expect.any(String),
    });
    expect(signedIn[0].after).toEqual({ device: 'lightMyRequest' });
    const watcher = await t.asAdmin();
    expect((await who.agent.post('/api/user/logout')).statusCode).toBe(200);
    const [signedOut] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, who.workspaceId), eq(activityLogs.type, 'user.signed_out')));
    expect(signedOut).toMatchObject({ userId: who.userId, objectId: who.userId, objectName: 'Ada Admin' });
    expect(await entriesOfType(watcher, 'user.signed_out')).toEqual([]);
  });

  it('records a wrong password in every workspace of the known account, and answers exactly as for an unknown one', async () => {
    const who = await t.asAdmin();
    const second = data(await who.agent.post('/api/settings/workspaces/new', { name: 'Second site', branch: 'DE' }));
    const failedKnown = await t.agent().post('/api/login', { email: who.email, password: 'wrong password 1' });
    const before = (await signInFailures()).length;
    const failedUnknown = await t.agent().post('/api/login', { email: `nobody-${who.email}`, password: 'wrong password 1' });
    expect((await signInFailures()).length).toBe(before);
    expect([failedKnown.statusCode, failedKnown.json()]).toEqual([failedUnknown.statusCode, failedUnknown.json()]);
    expect(failedKnown.headers['set-cookie']).toEqual(failedUnknown.headers['set-cookie']);

    const recorded = (await signInFailures()).filter((entry) => entry.userId === who.userId);
    expect(recorded.map((entry) => entry.workspaceId).sort()).toEqual([who.workspaceId, second.id].sort());
    expect(recorded[0]).toMatchObject({
      objectType: 'user',
      objectId: who.userId,
      objectName: 'Ada Admin',
      ip: expect.any(String),
      after: { device: 'lightMyRequest' },
    });
    // Only this workspace's record shows in its log.
    expect(await entriesOfType(who, 'user.sign_in_failed')).toHaveLength(1);
    expect(await entriesOfType(other, 'user.sign_in_failed')).toEqual([]);
  });
});
