import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const named = (en: string) => ({ name_lang: { en, fr: `${en} (fr)` } });

describe('groups', () => {
  it('creates, lists, renames and deletes groups, logging each change', async () => {
    const admin = await t.asAdmin();
    const created = await admin.agent.post('/api/user/group/add', named('Night shift'));
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().data;
    expect(group).toMatchObject({ name_lang: { en: 'Night shift' }, users_count: 0 });
    await admin.agent.post('/api/user/group/add', named('Day shift'));
    const page = (await admin.agent.get('/api/user/group/list?limit=1&page=2')).json().data;
    expect(page.pagination).toEqual({ total: 2, limit: 1, current_page: 2, total_pages: 2 });
    expect(page.list[0].name_lang.en).toBe('Night shift');
    expect((await admin.agent.get('/api/user/group/list?search=night')).json().data.list).toHaveLength(1);
    expect((await admin.agent.get('/api/user/group/all')).json().data).toHaveLength(2);
    const renamed = await admin.agent.put(`/api/user/group/${group.id}`, named('Late shift'));
    expect(renamed.json().data.name_lang.en).toBe('Late shift');
    expect((await admin.agent.delete(`/api/user/group/${group.id}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/user/group/${group.id}`)).statusCode).toBe(404);
    const types = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.objectId, group.id))).map((e) => e.type);
    expect(types).toEqual(['group.created', 'group.updated', 'group.deleted']);
  });

  it('filters by a name in any language, sorts by members, and answers saved queries when asked', async () => {
    const admin = await t.asAdmin();
    const small = (await admin.agent.post('/api/user/group/add', { name_lang: { en: 'Small', fr: 'Équipe de nuit' } })).json().data;
    const big = (await admin.agent.post('/api/user/group/add', named('Big'))).json().data;
    const member = await t.asMember(admin.workspaceId);
    await admin.agent.post(`/api/user/group/${big.id}/add`, { users: [admin.userId, member.userId] });
    const byFrench = (await admin.agent.get('/api/user/group/list?filter[search][value]=nuit')).json().data.list;
    expect(byFrench.map((g: { id: string }) => g.id)).toEqual([small.id]);
    const sorted = (await admin.agent.get('/api/user/group/list?sort[users_count]=desc')).json().data.list;
    expect(sorted.map((g: { id: string; users_count: number }) => [g.id, g.users_count])).toEqual([
      [big.id, 2],
      [small.id, 0],
    ]);
    const refused = await admin.agent.get('/api/user/group/list?filter[users_count][value]=2');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().data)).toEqual(['filter.users_count']);
    const withQueries = (await admin.agent.get('/api/user/group/list?with_saved_queries=1')).json().data;
    expect(withQueries.table_name).toBe('groups');
    expect(Object.keys(withQueries.saved_queries)).toEqual(['default']);
  });

  it('adds and removes members of this workspace only', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const group = (await admin.agent.post('/api/user/group/add', named('Auditors'))).json().data;
    const added = await admin.agent.post(`/api/user/group/${group.id}/add`, { users: [member.userId, admin.userId, member.userId] });
    expect(
      added
        .json()
        .data.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([admin.userId, member.userId].sort());
    expect((await admin.agent.get(`/api/user/group/${group.id}`)).json().data.users_count).toBe(2);
    const stranger = await admin.agent.post(`/api/user/group/${group.id}/add`, { users: [other.userId] });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().data).toEqual({ users: ['Only members of this workspace can join its groups.'] });
    const removed = await admin.agent.post(`/api/user/group/${group.id}/delete`, { users: [member.userId] });
    expect(removed.json().data.map((m: { id: string }) => m.id)).toEqual([admin.userId]);
    expect((await admin.agent.get(`/api/user/group/${group.id}/user-group-list`)).json().data).toHaveLength(1);
  });

  it('searches users and groups together, 20 at most', async () => {
    const admin = await t.asAdmin();
    await admin.agent.post('/api/user/group/add', named('Ada fans'));
    const found = (await admin.agent.get('/api/user/search-user-group?q=ada')).json().data;
    expect(found).toEqual([
      { type: 'user', id: admin.userId, name: 'Ada Admin', email: admin.email },
      { type: 'group', id: expect.any(String), name: 'Ada fans', email: null },
    ]);
    for (let i = 0; i < 21; i += 1) await admin.agent.post('/api/user/group/add', named(`Team ${i}`));
    expect((await admin.agent.get('/api/user/search-user-group')).json().data).toHaveLength(20);
  });

  it('answers 401, 403 and 404 for another workspace', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const theirs = (await other.agent.post('/api/user/group/add', named('Theirs'))).json().data;
    expect((await t.agent().get('/api/user/group/list')).statusCode).toBe(401);
    expect((await member.agent.get('/api/user/group/list')).statusCode).toBe(403);
    expect((await member.agent.post('/api/user/group/add', named('X'))).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/user-group-list', undefined],
      ['PUT', '', named('Mine now')],
      ['DELETE', '', undefined],
      ['POST', '/add', { users: [admin.userId] }],
      ['POST', '/delete', { users: [other.userId] }],
    ] as const) {
      const response = await admin.agent.request(method, `/api/user/group/${theirs.id}${path}`, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await other.agent.get(`/api/user/group/${theirs.id}/user-group-list`)).json().data).toEqual([]);
    expect((await other.agent.get(`/api/user/group/${theirs.id}`)).json().data.name_lang.en).toBe('Theirs');
  });

  it.each([
    ['no name', { name_lang: {} }, 'name_lang'],
    ['a blank name', { name_lang: { en: '   ' } }, 'name_lang'],
    ['a name too long', { name_lang: { en: 'x'.repeat(101) } }, 'name_lang.en'],
    ['an unknown field', { name_lang: { en: 'X' }, owner: 'me' }, 'owner'],
  ])('refuses %s with 422', async (_title, body, field) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/group/add', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toContain(field);
  });
});
