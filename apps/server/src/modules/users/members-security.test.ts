import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRoles, memberships } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type SignedIn, type TestApp } from '../../test/harness.ts';
import { asRole, rolesByName } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectEscalation = (response: { statusCode: number; json(): { code: string } }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json().code).toBe('USR_PERMISSION_ESCALATION');
};

async function inviteAs(actor: SignedIn, body: Record<string, unknown> = {}) {
  return actor.agent.post('/api/user/invite', { first_name: 'Ivy', last_name: 'Invitee', email: uniqueEmail('invitee'), ...body });
}

async function statusOf(admin: SignedIn, userId: string) {
  const list = (await admin.agent.get('/api/user/list')).json().data.list as Array<{
    id: string;
    status: string;
    full_name: string;
    roles: Array<{ id: string }>;
  }>;
  return list.find((row) => row.id === userId);
}

describe('a manager never acts on a member holding permissions the manager lacks', () => {
  it.each([
    ['PUT', 'deactivate-user', undefined],
    ['POST', 'change-status', { status: 'deactivated' }],
    ['POST', 'edit-basic-info', { first_name: 'Mallory', last_name: 'Renamed' }],
    ['POST', 'update-roles', 'member-role'],
  ] as const)('%s /api/user/{administrator}/%s answers 403 and changes nothing', async (method, action, body) => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const manager = await asRole(t, admin.workspaceId, ['USR_MANAGE_USER', 'USR_VIEW_USER_LIST']);
    const before = await statusOf(admin, admin.userId);
    const sent = body === 'member-role' ? { roles: [ids.member] } : body;
    expectEscalation(await manager.agent.request(method, `/api/user/${admin.userId}/${action}`, sent));
    expect(await statusOf(admin, admin.userId)).toEqual(before);
  });

  it('refuses to reactivate an administrator another administrator deactivated', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const second = await t.asMember(admin.workspaceId);
    await admin.agent.post(`/api/user/${second.userId}/update-roles`, { roles: [ids.administrator] });
    await admin.agent.put(`/api/user/${second.userId}/deactivate-user`);
    const manager = await asRole(t, admin.workspaceId, ['USR_MANAGE_USER']);
    expectEscalation(await manager.agent.put(`/api/user/${second.userId}/activate-user`));
    expectEscalation(await manager.agent.post(`/api/user/${second.userId}/change-status`, { status: 'active' }));
    expect((await statusOf(admin, second.userId))?.status).toBe('deactivated');
  });

  it('refuses to resend or cancel an invitation that gives more than the manager holds', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const invited = (await inviteAs(admin, { roles: [ids.administrator] })).json().data.id as string;
    const manager = await asRole(t, admin.workspaceId, ['USR_MANAGE_USER']);
    expectEscalation(await manager.agent.post(`/api/user/${invited}/resend-invite`));
    expectEscalation(await manager.agent.delete(`/api/user/${invited}/cancel-invitation`));
    expect((await statusOf(admin, invited))?.status).toBe('invited');
  });

  it('still lets the manager act on members holding no more than the manager', async () => {
    const admin = await t.asAdmin();
    const manager = await asRole(t, admin.workspaceId, ['USR_MANAGE_USER', 'USR_VIEW_USER_LIST', 'LOG_VIEW_MY_ACTIVITY']);
    const member = await asRole(t, admin.workspaceId, ['LOG_VIEW_MY_ACTIVITY']);
    expect((await manager.agent.put(`/api/user/${member.userId}/deactivate-user`)).statusCode).toBe(200);
    expect((await manager.agent.put(`/api/user/${member.userId}/activate-user`)).statusCode).toBe(200);
    expect(
      (await manager.agent.post(`/api/user/${member.userId}/edit-basic-info`, { first_name: 'Mo', last_name: 'Member' })).statusCode,
    ).toBe(200);
    const invited = (await inviteAs(manager, { roles: [member.roleId] })).json().data.id as string;
    expect((await manager.agent.delete(`/api/user/${invited}/cancel-invitation`)).statusCode).toBe(200);
  });

  it('refuses a group manager adding or removing an administrator, not an ordinary member', async () => {
    const admin = await t.asAdmin();
    const group = (await admin.agent.post('/api/user/group/add', { name_lang: { en: 'Night shift' } })).json().data.id as string;
    await admin.agent.post(`/api/user/group/${group}/add`, { users: [admin.userId] });
    const grouper = await asRole(t, admin.workspaceId, ['USR_MANAGE_GROUP', 'USR_VIEW_GROUP_LIST']);
    const member = await asRole(t, admin.workspaceId, ['USR_VIEW_GROUP_LIST']);
    expectEscalation(await grouper.agent.post(`/api/user/group/${group}/delete`, { users: [admin.userId] }));
    expectEscalation(await grouper.agent.post(`/api/user/group/${group}/add`, { users: [member.userId, admin.userId] }));
    const added = await grouper.agent.post(`/api/user/group/${group}/add`, { users: [member.userId] });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .data.map((row: { id: string }) => row.id)
        .sort(),
    ).toEqual([admin.userId, member.userId].sort());
  });
});

describe('an invitation without roles', () => {
  it('refuses 403 when the default role holds a permission the inviter lacks, and gives it otherwise', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const manager = await asRole(t, admin.workspaceId, ['USR_MANAGE_USER', 'USR_VIEW_USER_LIST']);
    expect((await admin.agent.post(`/api/user/role/${ids.administrator}/make-default`)).statusCode).toBe(200);
    const email = uniqueEmail('quiet');
    expectEscalation(await inviteAs(manager, { email }));
    expectEscalation(await inviteAs(manager, { roles: [] }));
    const list = (await admin.agent.get('/api/user/list')).json().data.list as Array<{ email: string }>;
    expect(list.some((row) => row.email === email)).toBe(false);
    expect((await admin.agent.post(`/api/user/role/${manager.roleId}/make-default`)).statusCode).toBe(200);
    const given = await inviteAs(manager);
    expect(given.statusCode).toBe(200);
    expect(given.json().data.roles.map((role: { id: string }) => role.id)).toEqual([manager.roleId]);
  });
});

describe('the last administrator under concurrent changes', () => {
  async function twoAdministrators() {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const second = await t.asMember(admin.workspaceId);
    expect((await admin.agent.post(`/api/user/${second.userId}/update-roles`, { roles: [ids.administrator] })).statusCode).toBe(200);
    return { admin, second, ids };
  }

  async function activeAdministrators(workspaceId: string, administratorRoleId: string) {
    const rows = await t.database.db
      .select({ userId: memberRoles.userId })
      .from(memberRoles)
      .innerJoin(memberships, and(eq(memberships.workspaceId, memberRoles.workspaceId), eq(memberships.userId, memberRoles.userId)))
      .where(and(eq(memberRoles.workspaceId, workspaceId), eq(memberRoles.roleId, administratorRoleId), eq(memberships.status, 'active')));
    return rows.length;
  }

  const demote = (actor: SignedIn, target: SignedIn, memberRoleId: string) =>
    actor.agent.post(`/api/user/${target.userId}/update-roles`, { roles: [memberRoleId] });
  const deactivate = (actor: SignedIn, target: SignedIn) => actor.agent.put(`/api/user/${target.userId}/deactivate-user`);

  it.each([
    ['two demotions', (a: SignedIn, b: SignedIn, member: string) => [demote(a, b, member), demote(b, a, member)]],
    ['two deactivations', (a: SignedIn, b: SignedIn) => [deactivate(a, b), deactivate(b, a)]],
    ['a demotion and a deactivation', (a: SignedIn, b: SignedIn, member: string) => [demote(a, b, member), deactivate(b, a)]],
    ['two self-demotions', (a: SignedIn, b: SignedIn, member: string) => [demote(a, a, member), demote(b, b, member)]],
  ] as const)('%s sent at once leave one administrator: only one succeeds', async (_title, race) => {
    for (let round = 0; round < 3; round += 1) {
      const { admin, second, ids } = await twoAdministrators();
      const answers = await Promise.all(race(admin, second, ids.member));
      // The loser either counts one administrator left, or was no longer one when its request was authorised.
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code)).sort();
      expect(codes).toEqual([expect.stringMatching(/^(USR_LAST_ADMINISTRATOR|_FORBIDDEN|USR_UNAUTHENTICATED)$/), 'ok']);
      expect(await activeAdministrators(admin.workspaceId, ids.administrator)).toBe(1);
    }
  });
});
