import type { Group, GroupMember, UserGroupSearchItem } from '@vigil/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { groupMembers, groups, memberships, users } from '../../db/schema/index.ts';
import { escapeLike, listWith, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';
import { memberProfile } from '../users/index.ts';

const groupName = sql<string>`coalesce(${groups.nameLang}->>'en', (select v from jsonb_each_text(${groups.nameLang}) as n(k, v) limit 1), '')`;
const nameMatches = (q: string) =>
  sql`exists (select 1 from jsonb_each_text(${groups.nameLang}) as n(k, v) where n.v ilike ${`%${escapeLike(q)}%`})`;
const fullName = memberProfile.fullName;

const GROUP_LIST_SPEC: ListSpec = {
  columns: {
    name: { expr: groupName, type: 'text' },
    /** The list's search box: the name in any language. */
    search: {
      expr: sql<string>`(select string_agg(n.v, ' ') from jsonb_each_text(${groups.nameLang}) as n(k, v))`,
      type: 'text',
      sortable: false,
    },
    users_count: { expr: count(groupMembers.userId), type: 'number', filterable: false },
    created_at: { expr: groups.createdAt, type: 'date' },
  },
  defaultSort: [{ field: 'name', direction: 'asc' }],
  tieBreaker: groups.id,
};

const groupFields = { id: groups.id, nameLang: groups.nameLang, usersCount: count(groupMembers.userId) };
type Row = { id: string; nameLang: Record<string, string>; usersCount: number };
const toGroup = (row: Row): Group => ({ id: row.id, name_lang: row.nameLang, users_count: Number(row.usersCount) });

function selectGroups(ctx: TenantContext, where: SQL) {
  return ctx.tx
    .select(groupFields)
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.workspaceId, groups.workspaceId), eq(groupMembers.groupId, groups.id)))
    .where(where)
    .groupBy(groups.workspaceId, groups.id)
    .$dynamic();
}

export async function listGroups(ctx: TenantContext, query: Parameters<typeof listWith>[1] & { search?: string }) {
  const base = and(scoped(ctx, groups), query.search ? nameMatches(query.search) : undefined)!;
  const page = await listWith<Row>(GROUP_LIST_SPEC, query, {
    base,
    rows: (compiled, where) =>
      selectGroups(ctx, where)
        .orderBy(...compiled.orderBy)
        .limit(compiled.limit)
        .offset(compiled.offset),
    count: async (where) => Number((await ctx.tx.select({ total: count() }).from(groups).where(where))[0]?.total ?? 0),
  });
  return { list: page.list.map(toGroup), pagination: page.pagination };
}

export async function allGroups(ctx: TenantContext): Promise<Group[]> {
  return (await selectGroups(ctx, scoped(ctx, groups)).orderBy(asc(groupName), asc(groups.id))).map(toGroup);
}

export async function findGroup(ctx: TenantContext, id: string): Promise<Group | undefined> {
  const [row] = await selectGroups(ctx, scoped(ctx, groups, eq(groups.id, id)));
  return row ? toGroup(row) : undefined;
}

export async function insertGroup(ctx: TenantContext, nameLang: Record<string, string>): Promise<string> {
  const [row] = await ctx.tx.insert(groups).values(stamped(ctx, { nameLang })).returning({ id: groups.id });
  return row.id;
}

export async function updateGroup(ctx: TenantContext, id: string, nameLang: Record<string, string>) {
  await ctx.tx
    .update(groups)
    .set({ nameLang, updatedAt: new Date() })
    .where(scoped(ctx, groups, eq(groups.id, id)));
}

export async function deleteGroup(ctx: TenantContext, id: string) {
  await ctx.tx.delete(groups).where(scoped(ctx, groups, eq(groups.id, id)));
}

export async function groupMembersOf(ctx: TenantContext, groupId: string): Promise<GroupMember[]> {
  return ctx.tx
    .select({ id: users.id, full_name: fullName, email: users.email, status: memberships.status })
    .from(groupMembers)
    .innerJoin(memberships, and(eq(memberships.workspaceId, groupMembers.workspaceId), eq(memberships.userId, groupMembers.userId)))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(scoped(ctx, groupMembers, eq(groupMembers.groupId, groupId)))
    .orderBy(asc(fullName), asc(users.id));
}

/** The ids among these that are members of the workspace. */
export async function workspaceMemberIds(ctx: TenantContext, userIds: readonly string[]): Promise<string[]> {
  const rows = await ctx.tx
    .select({ id: memberships.userId })
    .from(memberships)
    .where(scoped(ctx, memberships, inArray(memberships.userId, [...userIds])));
  return rows.map((row) => row.id);
}

export async function addGroupMembers(ctx: TenantContext, groupId: string, userIds: readonly string[]) {
  await ctx.tx
    .insert(groupMembers)
    .values(userIds.map((userId) => stamped(ctx, { groupId, userId })))
    .onConflictDoNothing();
}

export async function removeGroupMembers(ctx: TenantContext, groupId: string, userIds: readonly string[]) {
  await ctx.tx
    .delete(groupMembers)
    .where(scoped(ctx, groupMembers, eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...userIds])));
}

/** Users and groups matching the text, users first, `limit` in all. */
export async function searchUsersAndGroups(ctx: TenantContext, q: string | undefined, limit: number): Promise<UserGroupSearchItem[]> {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  const people = await ctx.tx
    .select({ id: users.id, name: fullName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      scoped(
        ctx,
        memberships,
        eq(memberships.status, 'active'),
        pattern ? or(ilike(fullName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(fullName), asc(users.id))
    .limit(limit);
  const teams = await ctx.tx
    .select({ id: groups.id, name: groupName })
    .from(groups)
    .where(scoped(ctx, groups, q ? nameMatches(q) : undefined))
    .orderBy(asc(groupName), asc(groups.id))
    .limit(limit);
  return [
    ...people.map((p) => ({ type: 'user' as const, id: p.id, name: p.name, email: p.email })),
    ...teams.map((g) => ({ type: 'group' as const, id: g.id, name: g.name, email: null })),
  ].slice(0, limit);
}
