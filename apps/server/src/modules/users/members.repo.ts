import type { MemberStatus, RoleRef, UserListItem } from '@vigil/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { memberRoles, memberships, roles, sessions, users } from '../../db/schema/index.ts';
import { escapeLike, listWith, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';
import type { UserListQuery } from '@vigil/contracts';
import { memberProfile } from './member-profile.ts';

const { firstName, lastName, nickName, fullName, avatar } = memberProfile;

const USER_LIST_SPEC: ListSpec = {
  columns: {
    first_name: { expr: firstName, type: 'text' },
    last_name: { expr: lastName, type: 'text' },
    full_name: { expr: fullName, type: 'text' },
    email: { expr: users.email, type: 'text' },
    status: { expr: memberships.status, type: 'select', options: ['invited', 'active', 'deactivated'] },
    created_at: { expr: memberships.createdAt, type: 'date' },
    /** The list's search box: names, e-mail and nickname at once. */
    search: { expr: sql`concat_ws(' ', ${firstName}, ${lastName}, ${users.email}, ${nickName})`, type: 'text', sortable: false },
  },
  defaultSort: [{ field: 'full_name', direction: 'asc' }],
  tieBreaker: users.id,
};

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(fullName, pattern), ilike(users.email, pattern), ilike(nickName, pattern));
}

const memberFields = {
  id: users.id,
  first_name: firstName,
  last_name: lastName,
  nick_name: nickName,
  full_name: fullName,
  email: users.email,
  avatar,
  status: memberships.status,
  created_at: memberships.createdAt,
};

async function rolesOf(ctx: TenantContext, userIds: string[]): Promise<Map<string, RoleRef[]>> {
  const map = new Map<string, RoleRef[]>();
  if (userIds.length === 0) return map;
  const rows = await ctx.tx
    .select({ userId: memberRoles.userId, id: roles.id, nameLang: roles.nameLang })
    .from(memberRoles)
    .innerJoin(roles, and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)))
    .where(scoped(ctx, memberRoles, inArray(memberRoles.userId, userIds)))
    .orderBy(asc(roles.createdAt));
  for (const row of rows) (map.get(row.userId) ?? map.set(row.userId, []).get(row.userId)!).push({ id: row.id, name_lang: row.nameLang });
  return map;
}

type MemberRow = {
  id: string;
  first_name: string;
  last_name: string;
  nick_name: string | null;
  full_name: string;
  email: string;
  avatar: string | null;
  status: MemberStatus;
  created_at: Date;
};

function toItem(row: MemberRow, roleMap: Map<string, RoleRef[]>): UserListItem {
  return { ...row, created_at: row.created_at.toISOString(), roles: roleMap.get(row.id) ?? [] };
}

export async function listMembers(ctx: TenantContext, query: UserListQuery) {
  const base = and(scoped(ctx, memberships), searchCondition(query.search))!;
  const page = await listWith<MemberRow>(USER_LIST_SPEC, query, {
    base,
    rows: (compiled, where) =>
      ctx.tx
        .select(memberFields)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(where)
        .orderBy(...compiled.orderBy)
        .limit(compiled.limit)
        .offset(compiled.offset),
    count: async (where) => {
      const [row] = await ctx.tx
        .select({ total: count() })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(where);
      return Number(row?.total ?? 0);
    },
  });
  const roleMap = await rolesOf(
    ctx,
    page.list.map((row) => row.id),
  );
  return { list: page.list.map((row) => toItem(row, roleMap)), pagination: page.pagination };
}

export async function searchMembers(ctx: TenantContext, search: string | undefined, limit: number) {
  return ctx.tx
    .select({ id: users.id, full_name: fullName, email: users.email, status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(scoped(ctx, memberships), searchCondition(search)))
    .orderBy(asc(fullName), asc(users.id))
    .limit(limit);
}

/** Active members whose names, e-mail or nickname contain `search`, by name: whom a record may name (a person answer). */
export async function searchActivePeople(
  ctx: TenantContext,
  search: string | undefined,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return ctx.tx
    .select({ id: users.id, name: fullName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(scoped(ctx, memberships, eq(memberships.status, 'active')), searchCondition(search)))
    .orderBy(asc(fullName), asc(users.id))
    .limit(limit);
}

export async function findMember(ctx: TenantContext, userId: string): Promise<UserListItem | undefined> {
  const [row] = await ctx.tx
    .select(memberFields)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scoped(ctx, memberships, eq(memberships.userId, userId)));
  if (!row) return undefined;
  return toItem(row, await rolesOf(ctx, [userId]));
}

export async function setMemberStatus(ctx: TenantContext, userId: string, status: MemberStatus): Promise<void> {
  await ctx.tx
    .update(memberships)
    .set({ status, updatedAt: new Date() })
    .where(scoped(ctx, memberships, eq(memberships.userId, userId)));
}

export async function deleteMembership(ctx: TenantContext, userId: string): Promise<void> {
  await ctx.tx.delete(memberships).where(scoped(ctx, memberships, eq(memberships.userId, userId)));
}

export async function replaceMemberRoles(ctx: TenantContext, userId: string, roleIds: readonly string[]): Promise<void> {
  await ctx.tx.delete(memberRoles).where(scoped(ctx, memberRoles, eq(memberRoles.userId, userId)));
  if (roleIds.length) await ctx.tx.insert(memberRoles).values(roleIds.map((roleId) => stamped(ctx, { userId, roleId })));
}

export async function findRoles(ctx: TenantContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return ctx.tx
    .select()
    .from(roles)
    .where(scoped(ctx, roles, inArray(roles.id, [...ids])));
}

/**
 * The system role holding every permission (its active holders are the workspace's administrators),
 * locked until the transaction ends: every change that could remove an administrator takes this lock
 * before counting them, so two such changes cannot both count the other's administrator.
 */
export async function lockAdministratorRole(ctx: TenantContext): Promise<string | undefined> {
  const [row] = await ctx.tx
    .select({ id: roles.id })
    .from(roles)
    .where(scoped(ctx, roles, eq(roles.isSystem, true)))
    .orderBy(sql`cardinality(${roles.permissions}) desc`, asc(roles.createdAt))
    .limit(1)
    .for('no key update');
  return row?.id;
}

export async function findDefaultRole(ctx: TenantContext) {
  const [row] = await ctx.tx
    .select()
    .from(roles)
    .where(scoped(ctx, roles, eq(roles.isDefault, true)));
  return row;
}

/** Every permission the roles of these members hold, together. */
export async function permissionsOfMembers(ctx: TenantContext, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.tx
    .select({ permissions: roles.permissions })
    .from(memberRoles)
    .innerJoin(roles, and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)))
    .where(scoped(ctx, memberRoles, inArray(memberRoles.userId, [...userIds])));
  return new Set(rows.flatMap((row) => row.permissions));
}

export async function activeHoldersOf(ctx: TenantContext, roleId: string): Promise<string[]> {
  const rows = await ctx.tx
    .select({ userId: memberRoles.userId })
    .from(memberRoles)
    .innerJoin(memberships, and(eq(memberships.workspaceId, memberRoles.workspaceId), eq(memberships.userId, memberRoles.userId)))
    .where(scoped(ctx, memberRoles, eq(memberRoles.roleId, roleId), eq(memberships.status, 'active')));
  return rows.map((row) => row.userId);
}

/** Ends a person's sessions that are signed in to this workspace. */
export async function deleteSessionsInWorkspace(ctx: TenantContext, userId: string): Promise<void> {
  await ctx.tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.currentWorkspaceId, ctx.workspaceId)));
}

/** The workspace's own names for a member; the person's `users` row is theirs and never written here. */
export async function setMemberNames(
  ctx: TenantContext,
  userId: string,
  values: { firstName: string; lastName: string; nickName: string | null },
) {
  await ctx.tx
    .update(memberships)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(ctx, memberships, eq(memberships.userId, userId)));
}

/**
 * People named by this workspace's own records (an inspection's auditor, a person answer): their name
 * as the workspace shows them, and whether they are an active member now. A former member keeps their
 * own name. Only for ids the workspace's rows hold: it answers for any account id it is given.
 */
export async function peopleByIds(ctx: TenantContext, ids: readonly string[]): Promise<{ id: string; name: string; active: boolean }[]> {
  if (ids.length === 0) return [];
  return ctx.tx
    .select({ id: users.id, name: fullName, active: sql<boolean>`coalesce(${memberships.status} = 'active', false)` })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, users.id)))
    .where(inArray(users.id, [...ids]));
}
