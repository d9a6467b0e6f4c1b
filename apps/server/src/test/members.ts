import type { Permission } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import { memberRoles, roles } from '../db/schema/index.ts';
import type { SignedIn, TestApp } from './harness.ts';

/** A member of the workspace whose only role holds exactly these permissions. */
export async function asRole(t: TestApp, workspaceId: string, permissions: Permission[]): Promise<SignedIn & { roleId: string }> {
  const member = await t.asMember(workspaceId);
  const [role] = await t.database.db
    .insert(roles)
    .values({ workspaceId, nameLang: { en: `Role ${permissions.join(' ')}` }, permissions })
    .returning({ id: roles.id });
  await t.database.db.delete(memberRoles).where(and(eq(memberRoles.workspaceId, workspaceId), eq(memberRoles.userId, member.userId)));
  await t.database.db.insert(memberRoles).values({ workspaceId, userId: member.userId, roleId: role.id });
  return { ...member, roleId: role.id };
}

/** The workspace's Administrator and default roles, and all of them, as the role list answers. */
export async function rolesByName(agent: SignedIn['agent']) {
  const list = (await agent.get('/api/user/role/list')).json().data as Array<{ id: string; name_lang: { en: string }; isDefault: boolean }>;
  return { administrator: list.find((r) => r.name_lang.en === 'Administrator')!.id, member: list.find((r) => r.isDefault)!.id, all: list };
}
