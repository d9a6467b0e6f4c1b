import { SEARCH_LIMIT_ROLES, type Role } from '@vigil/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { memberRoles, roles } from '../../db/schema/index.ts';
import { escapeLike } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

const roleFields = {
  id: roles.id,
  nameLang: roles.nameLang,
  isDefault: roles.isDefault,
  isSystem: roles.isSystem,
  permissions: roles.permissions,
  usersCount: count(memberRoles.userId),
};

type RoleRow = { id: string; nameLang: Record<string, string>; isDefault: boolean; isSystem: boolean; permissions: string[]; usersCount: number };

const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name_lang: row.nameLang,
  isDefault: row.isDefault,
  is_system: row.isSystem,
  permissions: [...row.permissions].sort(),
  users_count: Number(row.usersCount),
});

function selectRoles(ctx: TenantContext, ...conditions: Parameters<typeof scoped>[2][]) {
  return ctx.tx
    .select(roleFields)
    .from(roles)
    .leftJoin(memberRoles, and(eq(memberRoles.workspaceId, roles.workspaceId), eq(memberRoles.roleId, roles.id)))
    .where(scoped(ctx, roles, ...conditions))
    .groupBy(roles.workspaceId, roles.id)
    .orderBy(desc(roles.isSystem), sql`cardinality(${roles.permissions}) desc`, asc(roles.createdAt), asc(roles.id));
}

/** Every role of the workspace with how many members hold it: system roles first (administrator, then member), then oldest first. */
export async function listRoles(ctx: TenantContext): Promise<Role[]> {
  return (await selectRoles(ctx)).map(toRole);
}

/** Roles whose name in any language contains the text, 20 at most. */
export async function searchRoles(ctx: TenantContext, q: string | undefined): Promise<Role[]> {
  const condition = q ? sql`exists (select 1 from jsonb_each_text(${roles.nameLang}) as n(lang, name) where n.name ilike ${`%${escapeLike(q)}%`})` : undefined;
  return (await selectRoles(ctx, condition).limit(SEARCH_LIMIT_ROLES)).map(toRole);
}

export async function findRole(ctx: TenantContext, id: string): Promise<Role | undefined> {
  const [row] = await selectRoles(ctx, eq(roles.id, id));
  return row ? toRole(row) : undefined;
}

export async function defaultRolePermissions(ctx: TenantContext): Promise<string[]> {
  const [row] = await ctx.tx.select({ permissions: roles.permissions }).from(roles).where(scoped(ctx, roles, eq(roles.isDefault, true)));
  return [...(row?.permissions ?? [])].sort();
}

export async function insertRole(ctx: TenantContext, values: { nameLang: Record<string, string>; permissions: string[] }): Promise<string> {
  const [row] = await ctx.tx.insert(roles).values(stamped(ctx, { ...values, isSystem: false, isDefault: false })).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(ctx: TenantContext, id: string, values: { nameLang: Record<string, string>; permissions: string[] }) {
  await ctx.tx.update(roles).set({ ...values, updatedAt: new Date() }).where(scoped(ctx, roles, eq(roles.id, id)));
}

/** Makes this role the only default one. */
export async function markDefault(ctx: TenantContext, id: string): Promise<void> {
  await ctx.tx.update(roles).set({ isDefault: false }).where(scoped(ctx, roles, eq(roles.isDefault, true)));
  await ctx.tx.update(roles).set({ isDefault: true, updatedAt: new Date() }).where(scoped(ctx, roles, eq(roles.id, id)));
}

export async function deleteRole(ctx: TenantContext, id: string): Promise<void> {
  await ctx.tx.delete(roles).where(scoped(ctx, roles, eq(roles.id, id)));
}
