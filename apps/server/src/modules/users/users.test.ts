import { ACTIVITY_TYPE_GROUPS, type Permission } from '@vigil/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type SignedIn, type TestApp } from '../../test/harness.ts';
import { linkTokenOf, startMailbox, type Mailbox } from '../../test/mailbox.ts';
import { asRole as asRoleIn, rolesByName } from '../../test/members.ts';

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const PASSWORD = 'invited person password';

const asRole = (workspaceId: string, permissions: Permission[]) => asRoleIn(t, workspaceId, permissions);

async function invite(admin: SignedIn, body: Record<string, unknown> = {}, language?: string) {
  const email = uniqueEmail('invitee');
  const response = await admin.agent.post(
    '/api/user/invite',
    { first_name: 'Ivy', last_name: 'Invitee', email, ...body },
    language ? { 'accept-language': language } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  await t.worker.drain();
  return { email, id: response.json().data.id as string, response };
}

async function accept(email: string) {
  const { token } = linkTokenOf(await mailbox.latestTo(email));
  return t.agent().post('/api/reset-password', { email, token, new_password: PASSWORD, password_confirmation: PASSWORD });
}

describe('GET /api/user/list', () => {
  it('answers 401 without a session and 403 without a user permission', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    expect((await t.agent().get('/api/user/list')).statusCode).toBe(401);
    expect((await member.agent.get('/api/user/list')).json().code).toBe('_FORBIDDEN');
  });

  it('lists the members of the workspace only, with roles, status, paging and search', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const viewer = await asRole(admin.workspaceId, ['USR_VIEW_USER_LIST']);
    const response = await viewer.agent.get('/api/user/list?limit=2&page=1&sort[email]=asc');
    expect(response.statusCode).toBe(200);
    const { list, pagination } = response.json().data;
    expect(pagination).toEqual({ total: 3, limit: 2, current_page: 1, total_pages: 2 });
    expect(list).toHaveLength(2);
    const all = (await admin.agent.get('/api/user/list')).json().data.list as Array<{
      id: string;
      email: string;
      status: string;
      roles: Array<{ name_lang: { en: string } }>;
    }>;
    expect(all.map((u) => u.id).sort()).toEqual([admin.userId, member.userId, viewer.userId].sort());
    expect(all.find((u) => u.id === admin.userId)).toMatchObject({ status: 'active', roles: [{ name_lang: { en: 'Administrator' } }] });
    expect(all.some((u) => u.id === other.userId)).toBe(false);

    const found = (await admin.agent.get(`/api/user/list?search=${encodeURIComponent(member.email.slice(0, 12))}`)).json().data.list;
    expect(found.map((u: { id: string }) => u.id)).toEqual([member.userId]);
    const filtered = (await admin.agent.get('/api/user/list?filter[status][operator]=equals&filter[status][value]=invited')).json().data
      .list;
    expect(filtered).toEqual([]);
  });

  it('searches names, e-mail and nickname through the search filter, and answers saved queries when asked', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const searched = (await admin.agent.get(`/api/user/list?filter[search][value]=${encodeURIComponent(member.email.slice(0, 12))}`)).json()
      .data;
    expect(searched.list.map((u: { id: string }) => u.id)).toEqual([member.userId]);
    expect(
      (await admin.agent.get('/api/user/list?filter[search][value]=ada%20admin')).json().data.list.map((u: { id: string }) => u.id),
    ).toEqual([admin.userId]);
    expect(searched.saved_queries).toBeUndefined();
    await admin.agent.post('/api/saved-query', {
      key: 'invited',
      name: 'Invited',
      table_name: 'users',
      query_string: 'filter[status]=invited',
    });
    const withQueries = (await admin.agent.get('/api/user/list?with_saved_queries=1')).json().data;
    expect(withQueries.table_name).toBe('users');
    expect(Object.keys(withQueries.saved_queries).sort()).toEqual(['default', 'invited']);
  });

  it('refuses an unknown sort field and a bad filter value with 422', async () => {
    const admin = await t.asAdmin();
    expect((await admin.agent.get('/api/user/list?sort[search]=asc')).json().data).toHaveProperty(['sort.search']);
    expect((await admin.agent.get('/api/user/list?sort[password_hash]=asc')).statusCode).toBe(422);
    expect((await admin.agent.get('/api/user/list?filter[status][operator]=equals&filter[status][value]=boss')).statusCode).toBe(422);
  });
});

describe('GET /api/user/search', () => {
  it('finds at most 20 members of this workspace by name or e-mail', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const found = (await admin.agent.get('/api/user/search?q=Ada')).json().data;
    expect(found).toEqual([{ id: admin.userId, full_name: 'Ada Admin', email: admin.email, status: 'active' }]);
    expect((await other.agent.get(`/api/user/search?q=${encodeURIComponent(admin.email)}`)).json().data).toEqual([]);
    expect((await t.agent().get('/api/user/search')).statusCode).toBe(401);
  });
});

describe('POST /api/user/invite', () => {
  it('mails the invitee in their language; the link sets a password and makes them an active member with the default role', async () => {
    const admin = await t.asAdmin();
    const { email, id, response } = await invite(admin, { nick_name: 'ivy.i', locale: 'de' });
    expect(response.json()).toMatchObject({
      data: { status: 'invited', nick_name: 'ivy.i', roles: [{ name_lang: { en: 'Member' } }] },
      message: `An invitation was sent to ${email}.`,
    });
    const mail = await mailbox.latestTo(email);
    expect(mail?.subject).toBe(`Ada Admin hat Sie zu Workspace ${admin.email} auf Vigil eingeladen`);
    expect((await t.agent().post('/api/login', { email, password: PASSWORD })).statusCode).toBe(401);

    const accepted = await accept(email);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ data: { purpose: 'invite' } });
    const login = await t.agent().post('/api/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.workspace.id).toBe(admin.workspaceId);
    expect(login.json().data.userData.abilities).not.toContain('USR_MANAGE_USER');
    const listed = (await admin.agent.get('/api/user/list')).json().data.list.find((u: { id: string }) => u.id === id);
    expect(listed.status).toBe('active');

    const types = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.workspaceId, admin.workspaceId))).map(
      (e) => e.type,
    );
    expect(types).toEqual(expect.arrayContaining(['user.invited', 'user.invitation_accepted']));
  });

  it('gives the chosen roles, and refuses roles of another workspace or unknown ones', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const mine = await rolesByName(admin.agent);
    const theirs = await rolesByName(other.agent);
    const { response } = await invite(admin, { roles: [mine.administrator] });
    expect(response.json().data.roles).toEqual([{ id: mine.administrator, name_lang: expect.objectContaining({ en: 'Administrator' }) }]);
    const foreign = await admin.agent.post('/api/user/invite', {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail('x'),
      roles: [theirs.member],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().data).toEqual({ roles: ['One of these roles does not exist.'] });
  });

  it('refuses to invite a member twice', async () => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/invite', { first_name: 'Ada', last_name: 'Again', email: admin.email });
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual({ email: ['This person is already a member of the workspace.'] });
  });

  it('lets a person with an account elsewhere join by the invitation link', async () => {
    const admin = await t.asAdmin();
    const elsewhere = await t.asAdmin();
    const response = await admin.agent.post('/api/user/invite', { first_name: 'Ada', last_name: 'Admin', email: elsewhere.email });
    expect(response.statusCode).toBe(200);
    await t.worker.drain();
    expect((await accept(elsewhere.email)).statusCode).toBe(200);
    const ids = (await admin.agent.get('/api/user/list')).json().data.list.map((u: { id: string; status: string }) => [u.id, u.status]);
    expect(ids).toContainEqual([elsewhere.userId, 'active']);
  });

  it.each([
    ['digits in a name', { first_name: 'B0b', last_name: 'Lee', email: 'b@example.test' }, 'first_name'],
    ['a bad nickname', { first_name: 'Bob', last_name: 'Lee', nick_name: 'bob lee!', email: 'b@example.test' }, 'nick_name'],
    ['a bad e-mail', { first_name: 'Bob', last_name: 'Lee', email: 'bob' }, 'email'],
    ['a role that is no id', { first_name: 'Bob', last_name: 'Lee', email: 'b@example.test', roles: ['admin'] }, 'roles.0'],
    ['an unknown language', { first_name: 'Bob', last_name: 'Lee', email: 'b@example.test', locale: 'xx' }, 'locale'],
  ])('refuses %s with 422', async (_title, body, field) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/invite', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toEqual([field]);
  });

  it('refuses 403 to a viewer, and to a manager handing out a permission they lack', async () => {
    const admin = await t.asAdmin();
    const viewer = await asRole(admin.workspaceId, ['USR_VIEW_USER_LIST']);
    const manager = await asRole(admin.workspaceId, ['USR_MANAGE_USER', 'USR_VIEW_USER_LIST']);
    const ids = await rolesByName(admin.agent);
    expect((await viewer.agent.post('/api/user/invite', { first_name: 'A', last_name: 'B', email: uniqueEmail('v') })).json().code).toBe(
      '_FORBIDDEN',
    );
    const escalate = await manager.agent.post('/api/user/invite', {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail('m'),
      roles: [ids.administrator],
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().code).toBe('USR_PERMISSION_ESCALATION');
    const allowed = await manager.agent.post('/api/user/invite', {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail('m'),
      roles: [manager.roleId],
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('invitations: resend and cancel', () => {
  it('resends with a new link (the old one stops working) and cancels', async () => {
    const admin = await t.asAdmin();
    const { email, id } = await invite(admin);
    const first = linkTokenOf(await mailbox.latestTo(email)).token;
    const resent = await admin.agent.post(`/api/user/${id}/resend-invite`);
    expect(resent.json()).toEqual({ data: null, message: 'The invitation was sent again.' });
    await t.worker.drain();
    expect(await mailbox.mailsTo(email)).toHaveLength(2);
    const old = await t
      .agent()
      .post('/api/reset-password', { email, token: first, new_password: PASSWORD, password_confirmation: PASSWORD });
    expect(old.json().code).toBe('USR_LINK_INVALID');

    const cancelled = await admin.agent.delete(`/api/user/${id}/cancel-invitation`);
    expect(cancelled.statusCode).toBe(200);
    expect((await accept(email)).json().code).toBe('USR_LINK_INVALID');
    expect((await admin.agent.get('/api/user/list')).json().data.list.some((u: { id: string }) => u.id === id)).toBe(false);
    expect((await admin.agent.delete(`/api/user/${id}/cancel-invitation`)).statusCode).toBe(404);
  });

  it('refuses to resend or cancel for an active member (409)', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    expect((await admin.agent.post(`/api/user/${member.userId}/resend-invite`)).statusCode).toBe(409);
    expect((await admin.agent.delete(`/api/user/${member.userId}/cancel-invitation`)).json().code).toBe('_CONFLICT');
  });
});

describe('activate, deactivate, change status', () => {
  it('deactivates a member (ending their sessions) and activates them again', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const off = await admin.agent.put(`/api/user/${member.userId}/deactivate-user`);
    expect(off.json()).toMatchObject({ data: { status: 'deactivated' }, message: 'The user was deactivated.' });
    expect((await member.agent.get('/api/user/auth')).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { email: member.email, password: member.password })).statusCode).toBe(401);
    expect((await admin.agent.put(`/api/user/${member.userId}/deactivate-user`)).statusCode).toBe(409);

    const on = await admin.agent.put(`/api/user/${member.userId}/activate-user`);
    expect(on.json().data.status).toBe('active');
    expect((await t.agent().post('/api/login', { email: member.email, password: member.password })).statusCode).toBe(200);

    const viaStatus = await admin.agent.post(`/api/user/${member.userId}/change-status`, { status: 'deactivated' });
    expect(viaStatus.json().data.status).toBe('deactivated');
    expect((await admin.agent.post(`/api/user/${member.userId}/change-status`, { status: 'invited' })).statusCode).toBe(422);

    const log = await t.database.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.workspaceId, admin.workspaceId),
          eq(activityLogs.objectId, member.userId),
          notInArray(activityLogs.type, [...ACTIVITY_TYPE_GROUPS.sign_in]),
        ),
      );
    expect(log.map((e) => e.type)).toEqual(['user.deactivated', 'user.activated', 'user.deactivated']);
    expect(log[0]).toMatchObject({ userId: admin.userId, before: { status: 'active' }, after: { status: 'deactivated' } });
  });

  it('keeps the last administrator: no deactivation, no loss of the role', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const self = await admin.agent.put(`/api/user/${admin.userId}/deactivate-user`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ code: 'USR_LAST_ADMINISTRATOR', message: 'The workspace needs at least one active administrator.' });
    const demote = await admin.agent.post(`/api/user/${admin.userId}/update-roles`, { roles: [ids.member] });
    expect(demote.json().code).toBe('USR_LAST_ADMINISTRATOR');

    const second = await t.asMember(admin.workspaceId);
    expect((await admin.agent.post(`/api/user/${second.userId}/update-roles`, { roles: [ids.administrator, ids.member] })).statusCode).toBe(
      200,
    );
    expect((await admin.agent.post(`/api/user/${admin.userId}/update-roles`, { roles: [ids.member] })).statusCode).toBe(200);
    expect((await second.agent.put(`/api/user/${admin.userId}/activate-user`)).statusCode).toBe(409);
    expect((await second.agent.put(`/api/user/${second.userId}/deactivate-user`)).json().code).toBe('USR_LAST_ADMINISTRATOR');
  });
});

describe('edit basic info and update roles', () => {
  it('changes names and logs before and after', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const response = await admin.agent.post(`/api/user/${member.userId}/edit-basic-info`, {
      first_name: 'Maxime',
      last_name: 'Müller',
      nick_name: 'max_m',
    });
    expect(response.json()).toMatchObject({ data: { full_name: 'Maxime Müller', nick_name: 'max_m' }, message: 'The user was saved.' });
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.type, 'user.updated')));
    expect(entry).toMatchObject({
      before: { first_name: 'Max', last_name: 'Member' },
      after: { first_name: 'Maxime', last_name: 'Müller' },
    });
    expect((await admin.agent.post(`/api/user/${member.userId}/edit-basic-info`, { first_name: '1', last_name: 'x' })).statusCode).toBe(
      422,
    );
  });

  it('refuses a manager who would grant or take away what they do not hold', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const manager = await asRole(admin.workspaceId, ['USR_MANAGE_USER']);
    const member = await t.asMember(admin.workspaceId);
    const grant = await manager.agent.post(`/api/user/${member.userId}/update-roles`, { roles: [ids.administrator] });
    expect(grant.json().code).toBe('USR_PERMISSION_ESCALATION');
    const self = await manager.agent.post(`/api/user/${manager.userId}/update-roles`, { roles: [ids.administrator] });
    expect(self.json().code).toBe('USR_PERMISSION_ESCALATION');
    const strip = await manager.agent.post(`/api/user/${admin.userId}/update-roles`, { roles: [manager.roleId] });
    expect(strip.json().code).toBe('USR_PERMISSION_ESCALATION');
    expect((await manager.agent.post(`/api/user/${member.userId}/update-roles`, { roles: [] })).statusCode).toBe(422);
  });

  it('changes the abilities of the member at once', async () => {
    const admin = await t.asAdmin();
    const ids = await rolesByName(admin.agent);
    const member = await t.asMember(admin.workspaceId);
    expect((await member.agent.get('/api/user/list')).statusCode).toBe(403);
    await admin.agent.post(`/api/user/${member.userId}/update-roles`, { roles: [ids.administrator] });
    expect((await member.agent.get('/api/user/list')).statusCode).toBe(200);
  });
});

describe("a person's identity is theirs", () => {
  /** A person with an account in their own workspace, with a nickname and a picture of their own. */
  async function person() {
    const home = await t.asAdmin();
    await t.database.db.update(users).set({ nickName: 'own_nick', avatar: '/api/files/own-picture.png' }).where(eq(users.id, home.userId));
    return home;
  }
  const ownName = async (someone: SignedIn) => (await someone.agent.get('/api/user/auth')).json().data.userData;
  const rowOf = async (admin: SignedIn, id: string) =>
    (await admin.agent.get('/api/user/list')).json().data.list.find((u: { id: string }) => u.id === id);

  it('refuses to edit an invited member (409 USR_MEMBER_INVITED); cancelling leaves the person as they were', async () => {
    const victim = await person();
    const stranger = await t.asAdmin();
    const { id: invitedId } = await invite(stranger, { email: victim.email });
    const edit = await stranger.agent.post(`/api/user/${invitedId}/edit-basic-info`, {
      first_name: 'Hacked',
      last_name: 'Name',
      nick_name: 'hacked',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      code: 'USR_MEMBER_INVITED',
      message: 'This person has not accepted the invitation yet: their details can be changed once they have.',
    });
    expect((await stranger.agent.delete(`/api/user/${invitedId}/cancel-invitation`)).statusCode).toBe(200);
    expect(await ownName(victim)).toMatchObject({
      first_name: 'Ada',
      last_name: 'Admin',
      nick_name: 'own_nick',
      avatar: '/api/files/own-picture.png',
    });
    expect(await rowOf(victim, victim.userId)).toMatchObject({ full_name: 'Ada Admin', nick_name: 'own_nick' });
  });

  it("keeps a workspace's names of an accepted member in that workspace only", async () => {
    const victim = await person();
    const other = await t.asAdmin();
    await other.agent.post('/api/user/invite', { first_name: 'Typed', last_name: 'Byinviter', email: victim.email });
    await t.worker.drain();
    expect((await accept(victim.email)).statusCode).toBe(200);
    expect(await rowOf(other, victim.userId)).toMatchObject({
      full_name: 'Ada Admin',
      nick_name: 'own_nick',
      avatar: '/api/files/own-picture.png',
      status: 'active',
    });

    const edit = await other.agent.post(`/api/user/${victim.userId}/edit-basic-info`, {
      first_name: 'Site',
      last_name: 'Lead',
      nick_name: 'lead',
    });
    expect(edit.json().data).toMatchObject({ first_name: 'Site', last_name: 'Lead', full_name: 'Site Lead', nick_name: 'lead' });
    expect(await rowOf(other, victim.userId)).toMatchObject({ full_name: 'Site Lead', nick_name: 'lead' });
    expect((await other.agent.get('/api/user/search?q=Site')).json().data.map((u: { id: string }) => u.id)).toEqual([victim.userId]);

    const signedIn = await t.agent().post('/api/login', { email: victim.email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.userData).toMatchObject({ first_name: 'Ada', last_name: 'Admin', nick_name: 'own_nick' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.userId));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Admin', nickName: 'own_nick' });
  });

  it('answers an invitation of a known address exactly as one of an unknown address', async () => {
    const known = await person();
    const inviter = await t.asAdmin();
    const typed = { first_name: 'Ivy', last_name: 'Invitee' };
    const forKnown = await inviter.agent.post('/api/user/invite', { ...typed, email: known.email });
    const unknownEmail = uniqueEmail('nobody');
    const forUnknown = await inviter.agent.post('/api/user/invite', { ...typed, email: unknownEmail });
    const shape = (body: { data: Record<string, unknown>; message: string }, email: string) => ({
      ...body,
      message: body.message.replace(email, '<email>'),
      data: { ...body.data, id: '<id>', created_at: '<time>', email: '<email>' },
    });
    expect(forKnown.statusCode).toBe(200);
    expect(shape(forKnown.json(), known.email)).toEqual(shape(forUnknown.json(), unknownEmail));
    expect(forKnown.json().data).toMatchObject({ ...typed, full_name: 'Ivy Invitee', nick_name: null, avatar: null });

    const knownRow = await rowOf(inviter, known.userId);
    expect(knownRow).toMatchObject({ full_name: 'Ivy Invitee', nick_name: null, avatar: null, status: 'invited' });
    for (const q of ['Ada', 'own_nick']) {
      expect((await inviter.agent.get(`/api/user/search?q=${q}`)).json().data.some((u: { id: string }) => u.id === known.userId)).toBe(
        false,
      );
      expect(
        (await inviter.agent.get(`/api/user/list?search=${q}`)).json().data.list.some((u: { id: string }) => u.id === known.userId),
      ).toBe(false);
      expect(
        (await inviter.agent.get(`/api/user/list?filter[search][value]=${q}`))
          .json()
          .data.list.some((u: { id: string }) => u.id === known.userId),
      ).toBe(false);
      expect((await inviter.agent.get(`/api/log/users?q=${q}`)).json().data.some((u: { id: string }) => u.id === known.userId)).toBe(false);
    }
    const group = (await inviter.agent.post('/api/user/group/add', { name_lang: { en: 'Crew' } })).json().data.id;
    const grouped = (await inviter.agent.post(`/api/user/group/${group}/add`, { users: [known.userId] })).json().data;
    expect(grouped).toEqual([{ id: known.userId, full_name: 'Ivy Invitee', email: known.email, status: 'invited' }]);
    expect((await inviter.agent.get(`/api/log/users?ids=${known.userId}`)).json().data).toEqual([
      { id: known.userId, full_name: 'Ivy Invitee', email: known.email },
    ]);
  });
});

describe("another workspace's users", () => {
  it.each([
    ['POST', 'resend-invite', undefined],
    ['DELETE', 'cancel-invitation', undefined],
    ['PUT', 'activate-user', undefined],
    ['PUT', 'deactivate-user', undefined],
    ['POST', 'change-status', { status: 'deactivated' }],
    ['POST', 'edit-basic-info', { first_name: 'Hack', last_name: 'Er' }],
    ['POST', 'update-roles', { roles: ['00000000-0000-4000-8000-000000000000'] }],
  ] as const)('%s /api/user/{id}/%s answers 404 and changes nothing', async (method, action, body) => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const response = await admin.agent.request(method, `/api/user/${other.userId}/${action}`, body);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('_OBJECT_NOT_FOUND');
    expect((await other.agent.get('/api/user/auth')).json().data.userData.first_name).toBe('Ada');
  });

  it('answers 401 and 403 on the actions', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    expect((await t.agent().put(`/api/user/${admin.userId}/deactivate-user`)).statusCode).toBe(401);
    expect((await member.agent.put(`/api/user/${admin.userId}/deactivate-user`)).statusCode).toBe(403);
    expect((await admin.agent.put('/api/user/not-a-uuid/deactivate-user')).statusCode).toBe(422);
  });
});

describe('GET /api/user/role/list and default-permissions', () => {
  it('lists the roles with their members count; 403 for a member', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const list = (await admin.agent.get('/api/user/role/list')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        name_lang: expect.objectContaining({ en: 'Administrator' }),
        is_system: true,
        isDefault: false,
        users_count: 1,
      }),
      expect.objectContaining({ name_lang: expect.objectContaining({ en: 'Member' }), is_system: true, isDefault: true, users_count: 1 }),
    ]);
    expect((await member.agent.get('/api/user/role/list')).statusCode).toBe(403);
    const defaults = (await admin.agent.get('/api/user/role/default-permissions')).json().data;
    expect(defaults).toContain('LOG_VIEW_MY_ACTIVITY');
  });
});
