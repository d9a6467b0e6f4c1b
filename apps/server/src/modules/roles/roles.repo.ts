import type { Role } from '@vigil/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { memberRoles, roles } from '../../db/schema/index.ts';
import { scoped, type TenantContext } from '../../platform/tenancy.ts';

/** Every role of the workspace with how many members hold it, system roles first (administrator, then member), then oldest first. */
export async function listRoles(ctx: TenantContext): Promise<Role[]> {
  const rows = await ctx.tx
    .select({
      id: roles.id,
      nameLang: roles.nameLang,
      isDefault: roles.isDefault,
      isSystem: roles.isSystem,
      permissions: roles.permissions,
      usersCount: count(memberRoles.userId),
    })
    .from(roles)
    .leftJoin(memberRoles, and(eq(memberRoles.workspaceId, roles.workspaceId), eq(memberRoles.roleId, roles.id)))
    .where(scoped(ctx, roles))
    .groupBy(roles.workspaceId, roles.id)
    .orderBy(desc(roles.isSystem), sql`cardinality(${roles.permissions}) desc`, asc(roles.createdAt), asc(roles.id));
  return rows.map((row) => ({
    id: row.id,
    name_lang: row.nameLang,
    isDefault: row.isDefault,
    is_system: row.isSystem,
    permissions: [...row.permissions].sort(),
    users_count: Number(row.usersCount),
  }));
}

export async function defaultRolePermissions(ctx: TenantContext): Promise<string[]> {
  const [row] = await ctx.tx.select({ permissions: roles.permissions }).from(roles).where(scoped(ctx, roles, eq(roles.isDefault, true)));
  return [...(row?.permissions ?? [])].sort();
}
