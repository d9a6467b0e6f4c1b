import { and, asc, eq, sql } from 'drizzle-orm';
import { memberships, users, workspaces } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export async function findUserByEmail(executor: Executor, email: string) {
  const [user] = await executor.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/**
 * The workspace a user signs in to: the last one used if still an active membership,
 * otherwise the oldest active one. Sign-in is the one place that looks across a person's workspaces.
 */
export async function findSignInWorkspaceId(executor: Executor, userId: string, preferred: string | null) {
  const [row] = await executor
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(sql`${memberships.workspaceId} = ${preferred ?? null} desc`, asc(memberships.createdAt))
    .limit(1);
  return row?.id;
}
