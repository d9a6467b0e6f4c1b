import type { AppSettings, Plan, Permission } from '@vigil/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { memberRoles, memberships, roles, workspaces } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

export async function insertWorkspace(
  executor: Executor,
  values: { name: string; branch: 'DE' | 'US'; plan: Plan; appSettings: AppSettings },
) {
  const [row] = await executor.insert(workspaces).values(values).returning();
  return row;
}

export async function countWorkspaces(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(workspaces);
  return Number(row?.total ?? 0);
}

export async function insertRole(
  ctx: TenantContext,
  values: { nameLang: Record<string, string>; permissions: readonly Permission[]; isSystem: boolean; isDefault: boolean },
) {
  const [row] = await ctx.tx
    .insert(roles)
    .values(stamped(ctx, { ...values, permissions: [...values.permissions] }))
    .returning({ id: roles.id });
  return row.id;
}

export async function insertMembership(
  ctx: TenantContext,
  userId: string,
  roleIds: readonly string[],
  status: 'active' | 'invited' = 'active',
) {
  await ctx.tx.insert(memberships).values(stamped(ctx, { userId, status }));
  if (roleIds.length > 0) {
    await ctx.tx.insert(memberRoles).values(roleIds.map((roleId) => stamped(ctx, { userId, roleId })));
  }
}

export async function findDefaultRoleId(ctx: TenantContext): Promise<string | undefined> {
  const [row] = await ctx.tx
    .select({ id: roles.id })
    .from(roles)
    .where(scoped(ctx, roles, eq(roles.isDefault, true)));
  return row?.id;
}

export async function activateInvitedMembership(ctx: TenantContext, userId: string): Promise<boolean> {
  const rows = await ctx.tx
    .update(memberships)
    // The names the inviter typed were the workspace's only view of the person until now: from here on
    // the workspace shows the person's own, until it sets names of its own (edit-basic-info).
    .set({ status: 'active', firstName: null, lastName: null, nickName: null, updatedAt: new Date() })
    .where(scoped(ctx, memberships, eq(memberships.userId, userId), eq(memberships.status, 'invited')))
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

/** The workspaces where a person is an active member, by name. */
export async function listActiveWorkspacesOf(executor: Executor, userId: string) {
  return executor
    .select({ id: workspaces.id, name: workspaces.name, branch: workspaces.branch, plan: workspaces.plan, createdAt: workspaces.createdAt })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}

export async function isActiveMember(executor: Executor, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return Boolean(row);
}

export async function findWorkspaceName(executor: Executor, workspaceId: string): Promise<string | undefined> {
  const [row] = await executor.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name;
}

/** The workspace's app settings (its branding: display name, logos), read without a session (a share link). */
export async function findAppSettings(executor: Executor, workspaceId: string): Promise<AppSettings | undefined> {
  const [row] = await executor.select({ appSettings: workspaces.appSettings }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.appSettings;
}
