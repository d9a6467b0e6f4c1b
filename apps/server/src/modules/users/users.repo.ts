import { and, desc, eq, ne } from 'drizzle-orm';
import { memberships, passwordHistory, sessions, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export async function insertUser(
  executor: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    nickName?: string | null;
    passwordHash: string | null;
    locale?: 'en' | 'fr' | 'de' | 'ar';
  },
) {
  const [row] = await executor
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row;
}

export async function findUserByEmail(executor: Executor, email: string) {
  const [row] = await executor.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(executor: Executor, id: string) {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The newest password hashes of a person, newest first. */
export async function recentPasswordHashes(executor: Executor, userId: string, depth: number): Promise<string[]> {
  const rows = await executor
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(depth);
  return rows.map((row) => row.hash);
}

export async function storePasswordHash(executor: Executor, userId: string, passwordHash: string): Promise<void> {
  await executor.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await executor.insert(passwordHistory).values({ userId, passwordHash });
}

/** Ends every session of a person, or every one but the caller's own. */
export async function deleteSessionsOf(executor: Executor, userId: string, exceptSessionId?: string): Promise<void> {
  await executor
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

/** The workspaces where a person is an active member. */
export async function activeWorkspaceIdsOf(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return rows.map((row) => row.id);
}

export async function updateUserProfile(
  executor: Executor,
  userId: string,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'firstName' | 'lastName' | 'nickName' | 'locale' | 'tzCode' | 'preferences' | 'avatar' | 'gender' | 'birthDate' | 'mobile'
    >
  >,
): Promise<void> {
  await executor
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
