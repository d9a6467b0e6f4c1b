import { SEARCH_LIMIT_ROLES, type Role } from '@vigil/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
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

type RoleRow = {
  id: string;
  nameLang: Record<string, string>;
  isDefault: boolean;
  isSystem: boolean;
  permissions: string[];
  usersCount: number;
};

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
  const condition = q
    ? sql`exists (select 1 from jsonb_each_text(${roles.nameLang}) as n(lang, name) where n.name ilike ${`%${escapeLike(q)}%`})`
    : undefined;
  return (await selectRoles(ctx, condition).limit(SEARCH_LIMIT_ROLES)).map(toRole);
}

export async function findRole(ctx: TenantContext, id: string): Promise<Role | undefined> {
  const [row] = await selectRoles(ctx, eq(roles.id, id));
  return row ? toRole(row) : undefined;
}

export async function defaultRolePermissions(ctx: TenantContext): Promise<string[]> {
  const [row] = await ctx.tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(scoped(ctx, roles, eq(roles.isDefault, true)));
  return [...(row?.permissions ?? [])].sort();
}

export async function insertRole(ctx: TenantContext, values: { nameLang: Record<string, string>; permissions: string[] }): Promise<string> {
  const [row] = await ctx.tx
    .insert(roles)
    .values(stamped(ctx, { ...values, isSystem: false, isDefault: false }))
    .returning({ id: roles.id });
  return row.id;
}

export async function updateRole(ctx: TenantContext, id: string, values: { nameLang: Record<string, string>; permissions: string[] }) {
  await ctx.tx
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(ctx, roles, eq(roles.id, id)));
}

/** Makes this role the only default one. */
export async function markDefault(ctx: TenantContext, id: string): Promise<void> {
  await ctx.tx
    .update(roles)
    .set({ isDefault: false })
    .where(scoped(ctx, roles, eq(roles.isDefault, true)));
  await ctx.tx
    .update(roles)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(scoped(ctx, roles, eq(roles.id, id)));
}

export async function deleteRole(ctx: TenantContext, id: string): Promise<void> {
  await ctx.tx.delete(roles).where(scoped(ctx, roles, eq(roles.id, id)));
}

/**
 * The languages in which another role of the workspace already has one of these names (case and spaces
 * around it ignored). Holds a lock on the workspace's role names until the transaction ends, so two saves
 * of the same new name cannot both pass.
 */
export async function languagesWithTakenName(ctx: TenantContext, nameLang: Record<string, string>, exceptId?: string): Promise<string[]> {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`role-names:${ctx.workspaceId}`}))`);
  const others = await ctx.tx
    .select({ nameLang: roles.nameLang })
    .from(roles)
    .where(scoped(ctx, roles, exceptId ? ne(roles.id, exceptId) : undefined));
  const normalise = (name: string) => name.trim().toLocaleLowerCase();
  return Object.entries(nameLang)
    .filter(([language, name]) =>
      others.some((other) => other.nameLang[language] !== undefined && normalise(other.nameLang[language]) === normalise(name)),
    )
    .map(([language]) => language);
}
