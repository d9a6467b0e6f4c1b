import type { Permission } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, memberRoles, roles } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function asRole(workspaceId: string, permissions: Permission[]): Promise<SignedIn> {
  const member = await t.asMember(workspaceId);
  const [role] = await t.database.db
    .insert(roles)
    .values({ workspaceId, nameLang: { en: 'Custom' }, permissions })
    .returning({ id: roles.id });
  await t.database.db.delete(memberRoles).where(and(eq(memberRoles.workspaceId, workspaceId), eq(memberRoles.userId, member.userId)));
  await t.database.db.insert(memberRoles).values({ workspaceId, userId: member.userId, roleId: role.id });
  return member;
}

const body = (extra: Record<string, unknown> = {}) => ({
  name_lang: { en: 'Auditor', fr: 'Auditeur' },
  permissions: ['INS_VIEW_INSPECTION_LIST', 'LOG_VIEW_MY_ACTIVITY'],
  ...extra,
});

async function systemRoles(admin: SignedIn) {
  const list = (await admin.agent.get('/api/user/role/list')).json().data as Array<{ id: string; is_system: boolean; isDefault: boolean }>;
  return { administrator: list[0].id, member: list[1].id };
}

describe('roles', () => {
  it('creates, reads, edits and deletes a role, logging each change', async () => {
    const admin = await t.asAdmin();
    const created = await admin.agent.post('/api/user/role/new', body());
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({
      name_lang: { en: 'Auditor', fr: 'Auditeur' },
      isDefault: false,
      is_system: false,
      users_count: 0,
      permissions: ['INS_VIEW_INSPECTION_LIST', 'LOG_VIEW_MY_ACTIVITY'],
    });
    expect((await admin.agent.get(`/api/user/role/${role.id}`)).json().data.id).toBe(role.id);
    const edited = await admin.agent.put(
      `/api/user/role/${role.id}`,
      body({ name_lang: { en: 'Lead auditor' }, permissions: ['INS_MANAGE_INSPECTIONS'] }),
    );
    expect(edited.json().data).toMatchObject({ name_lang: { en: 'Lead auditor' }, permissions: ['INS_MANAGE_INSPECTIONS'] });
    expect((await admin.agent.get('/api/user/role/search?q=lead')).json().data.map((r: { id: string }) => r.id)).toEqual([role.id]);
    expect((await admin.agent.delete(`/api/user/role/${role.id}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/user/role/${role.id}`)).statusCode).toBe(404);
    const types = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.objectId, role.id))).map((e) => e.type);
    expect(types).toEqual(['role.created', 'role.updated', 'role.deleted']);
  });

  it('refuses a name another role of the workspace has in the same language, case and spaces aside', async () => {
    const admin = await t.asAdmin();
    const first = (await admin.agent.post('/api/user/role/new', body())).json().data;
    const twin = await admin.agent.post('/api/user/role/new', body({ name_lang: { en: '  auditor ', de: 'Prüfer' } }));
    expect(twin.statusCode).toBe(422);
    expect(twin.json().data).toEqual({ 'name_lang.en': ['A role with this name already exists.'] });
    expect((await admin.agent.post('/api/user/role/new', body({ name_lang: { en: 'Administrator' } }))).statusCode).toBe(422);
    const other = (await admin.agent.post('/api/user/role/new', body({ name_lang: { en: 'Assessor', de: 'Auditor' } }))).json().data;
    expect((await admin.agent.put(`/api/user/role/${other.id}`, body({ name_lang: { en: 'AUDITOR' } }))).statusCode).toBe(422);
    expect(
      (await admin.agent.put(`/api/user/role/${first.id}`, body({ name_lang: { en: 'Auditor', fr: 'Vérificateur' } }))).statusCode,
    ).toBe(200);
    // Another workspace may use the same names.
    expect((await (await t.asAdmin()).agent.post('/api/user/role/new', body())).statusCode).toBe(200);
  });

  it('lets only one of two saves of the same new name at once through', async () => {
    const admin = await t.asAdmin();
    const answers = await Promise.all(
      [0, 1].map(() => admin.agent.post('/api/user/role/new', body({ name_lang: { en: 'Night shift lead' } }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('keeps exactly one default role, gives it to new members, and never deletes it', async () => {
    const admin = await t.asAdmin();
    const created = (await admin.agent.post('/api/user/role/new', body({ isDefault: true }))).json().data;
    const list = (await admin.agent.get('/api/user/role/list')).json().data as Array<{ id: string; isDefault: boolean }>;
    expect(list.filter((r) => r.isDefault).map((r) => r.id)).toEqual([created.id]);
    expect((await admin.agent.get('/api/user/role/default-permissions')).json().data).toEqual(created.permissions);
    const member = await t.asMember(admin.workspaceId);
    const abilities = (await member.agent.get('/api/user/auth')).json().data.userData.abilities;
    expect(abilities).toEqual(created.permissions);
    expect((await admin.agent.delete(`/api/user/role/${created.id}`)).json().code).toBe('_CONFLICT');
    expect((await admin.agent.put(`/api/user/role/${created.id}`, body({ isDefault: false }))).statusCode).toBe(409);
    const { member: memberRole } = await systemRoles(admin);
    expect((await admin.agent.post(`/api/user/role/${memberRole}/make-default`)).json().data.isDefault).toBe(true);
    expect((await admin.agent.delete(`/api/user/role/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses to change or delete system roles', async () => {
    const admin = await t.asAdmin();
    const { administrator } = await systemRoles(admin);
    expect((await admin.agent.put(`/api/user/role/${administrator}`, body())).json()).toEqual({
      code: '_CONFLICT',
      message: 'System roles cannot be changed or deleted.',
    });
    expect((await admin.agent.delete(`/api/user/role/${administrator}`)).statusCode).toBe(409);
  });

  it('refuses a role manager who writes a permission they do not hold', async () => {
    const admin = await t.asAdmin();
    const manager = await asRole(admin.workspaceId, ['USR_MANAGE_ROLE', 'INS_VIEW_INSPECTION_LIST']);
    expect((await manager.agent.post('/api/user/role/new', body())).json().code).toBe('USR_PERMISSION_ESCALATION');
    const mine = await manager.agent.post('/api/user/role/new', body({ permissions: ['INS_VIEW_INSPECTION_LIST'] }));
    expect(mine.statusCode).toBe(200);
    const strong = (
      await admin.agent.post('/api/user/role/new', body({ name_lang: { en: 'Settings editor' }, permissions: ['APP_EDIT_SETTINGS'] }))
    ).json().data;
    expect((await manager.agent.put(`/api/user/role/${strong.id}`, body({ permissions: ['INS_VIEW_INSPECTION_LIST'] }))).statusCode).toBe(
      403,
    );
    expect((await manager.agent.delete(`/api/user/role/${strong.id}`)).statusCode).toBe(403);
  });

  it('answers 401, 403, and 404 for another workspace', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const theirs = (await other.agent.post('/api/user/role/new', body())).json().data;
    expect((await t.agent().get('/api/user/role/list')).statusCode).toBe(401);
    expect((await member.agent.post('/api/user/role/new', body())).statusCode).toBe(403);
    expect((await admin.agent.get(`/api/user/role/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.put(`/api/user/role/${theirs.id}`, body())).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/user/role/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.post(`/api/user/role/${theirs.id}/make-default`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/user/role/${theirs.id}`)).json().data.name_lang.en).toBe('Auditor');
  });

  it.each([
    ['no name', { name_lang: {}, permissions: [] }, 'name_lang'],
    ['only blank names', { name_lang: { en: '  ' }, permissions: [] }, 'name_lang'],
    ['an unknown language', { name_lang: { xx: 'X' }, permissions: [] }, 'name_lang.xx'],
    ['an unknown permission', { name_lang: { en: 'X' }, permissions: ['ROOT'] }, 'permissions.0'],
    ['a name too long', { name_lang: { en: 'x'.repeat(101) }, permissions: [] }, 'name_lang.en'],
  ])('refuses %s with 422', async (_title, payload, field) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/role/new', payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toContain(field);
  });
});
