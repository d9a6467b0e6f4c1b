/** The one-use links sent by mail (registration, password reset, invitations), shared by the modules that send and spend them. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';

export async function insertAccountToken(
  executor: Executor,
  values: {
    id: string;
    purpose: AccountTokenPurpose;
    email: string;
    userId: string | null;
    payload: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  await executor.insert(accountTokens).values(values);
}

/** Whether a link of this kind went to this address after `since` (mail-bombing guard). */
export async function hasRecentToken(executor: Executor, email: string, purpose: AccountTokenPurpose, since: Date) {
  const [row] = await executor
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.email, email), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** Claims an unused, unexpired token for this address: marks it used and answers it, or nothing. */
export async function claimAccountToken(executor: Executor, id: string, email: string, now: Date) {
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), eq(accountTokens.email, email), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Spends every other open link of a kind for this address (a reset link works once, and only the last counts). */
export async function spendOpenTokens(executor: Executor, email: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.email, email), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Spends the open invitation links of an address to one workspace. */
export async function spendInvitations(executor: Executor, email: string, workspaceId: string, now: Date): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.email, email),
        eq(accountTokens.purpose, 'invite'),
        isNull(accountTokens.usedAt),
        sql`${accountTokens.payload}->>'workspace_id' = ${workspaceId}`,
      ),
    );
}
