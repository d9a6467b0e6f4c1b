import { ACTIVITY_TYPES, type ActivityLogEntry, type ActivityUser, type ListQuery } from '@vigil/contracts';
import { and, asc, count, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import { activityLogs, memberships, users } from '../../db/schema/index.ts';
import { changedValues, objectExistsExpression } from '../../platform/activity-log/index.ts';
import { escapeLike, listWith, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, type TenantContext } from '../../platform/tenancy.ts';
import { memberProfile } from '../users/index.ts';

const fullName = memberProfile.fullName;
/** The actor's membership, for the workspace's names of them (none for a former member). */
const actorMembership = and(eq(memberships.workspaceId, activityLogs.workspaceId), eq(memberships.userId, activityLogs.userId));

const ACTIVITY_LIST_SPEC: ListSpec = {
  columns: {
    created_at: { expr: activityLogs.createdAt, type: 'date' },
    type: { expr: activityLogs.type, type: 'select', options: ACTIVITY_TYPES },
    object_type: { expr: activityLogs.objectType, type: 'select' },
    object_id: { expr: activityLogs.objectId, type: 'text' },
    object_name: { expr: activityLogs.objectName, type: 'text' },
    user: { expr: activityLogs.userId, type: 'select', values: 'uuid', sortable: false },
    user_name: { expr: fullName, type: 'text' },
    ip: { expr: activityLogs.ip, type: 'text' },
  },
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  tieBreaker: activityLogs.id,
};

const entryFields = {
  id: activityLogs.id,
  userId: activityLogs.userId,
  userName: fullName,
  userEmail: users.email,
  type: activityLogs.type,
  objectType: activityLogs.objectType,
  objectId: activityLogs.objectId,
  objectName: activityLogs.objectName,
  // Part of the page's one query: a correlated lookup per row on the object's primary key.
  objectExists: objectExistsExpression(activityLogs),
  before: activityLogs.before,
  after: activityLogs.after,
  ip: activityLogs.ip,
  createdAt: activityLogs.createdAt,
};
type EntryRow = {
  id: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  type: string;
  objectType: string;
  objectId: string | null;
  objectName: string | null;
  objectExists: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  createdAt: Date;
};

function toEntry(row: EntryRow): ActivityLogEntry {
  return {
    id: row.id,
    user: row.userId && row.userEmail !== null ? { id: row.userId, full_name: row.userName ?? '', email: row.userEmail } : null,
    type: row.type,
    object_type: row.objectType,
    object_id: row.objectId,
    object_name: row.objectName,
    object_exists: row.objectExists,
    // Records written before only changes were kept are narrowed the same way when read.
    ...changedValues(row.before, row.after),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A page of the workspace's activity records, newest first unless sorted otherwise; only the
 * records of `userId` when given. The person is read from `users` (records outlive memberships).
 */
export async function listActivity(ctx: TenantContext, query: ListQuery, options: { userId?: string } = {}) {
  const base = scoped(ctx, activityLogs, options.userId ? eq(activityLogs.userId, options.userId) : undefined);
  const page = await listWith<EntryRow>(ACTIVITY_LIST_SPEC, query, {
    base,
    rows: (compiled, where) =>
      ctx.tx
        .select(entryFields)
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .leftJoin(memberships, actorMembership)
        .where(where)
        .orderBy(...compiled.orderBy)
        .limit(compiled.limit)
        .offset(compiled.offset),
    count: async (where) => {
      const [row] = await ctx.tx
        .select({ total: count() })
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .leftJoin(memberships, actorMembership)
        .where(where);
      return Number(row?.total ?? 0);
    },
  });
  return { list: page.list.map(toEntry), pagination: page.pagination };
}

/** How many records of each type the workspace holds, and the newest one's time. */
export async function activityTypeCounts(ctx: TenantContext): Promise<Map<string, { count: number; lastAt: Date | null }>> {
  const rows = await ctx.tx
    .select({ type: activityLogs.type, count: count(), lastAt: max(activityLogs.createdAt) })
    .from(activityLogs)
    .where(scoped(ctx, activityLogs))
    .groupBy(activityLogs.type);
  return new Map(rows.map((row) => [row.type, { count: Number(row.count), lastAt: row.lastAt ? new Date(row.lastAt) : null }]));
}

/** Members of the workspace by name or e-mail, or the given ids (to label chosen filter values). */
export async function findMembers(ctx: TenantContext, options: { q?: string; ids?: string[]; limit: number }): Promise<ActivityUser[]> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : undefined;
  const condition: SQL | undefined = options.ids?.length
    ? inArray(users.id, options.ids)
    : pattern
      ? or(ilike(fullName, pattern), ilike(users.email, pattern))
      : undefined;
  return ctx.tx
    .select({ id: users.id, full_name: fullName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(scoped(ctx, memberships), condition))
    .orderBy(asc(fullName), asc(users.id))
    .limit(options.limit);
}
