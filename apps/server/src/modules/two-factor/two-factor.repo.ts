import type { TwoFactorMethod } from '@vigil/contracts';
import { and, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { memberships, twoFactorAttempts, twoFactorRecoveryCodes, userTwoFactor, workspaces } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import type { TenantContext } from '../../platform/tenancy.ts';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type AttemptRow = typeof twoFactorAttempts.$inferSelect;

export async function findTwoFactor(executor: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await executor.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

export async function saveTwoFactor(executor: Executor, userId: string, values: Partial<Omit<TwoFactorRow, 'userId'>>): Promise<void> {
  await executor
    .insert(userTwoFactor)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { ...values, updatedAt: new Date() } });
}

/**
 * Takes an authenticator step for the person unless it (or a later one) was taken already:
 * the same code cannot sign in twice, even by two requests at once.
 */
export async function claimTotpStep(executor: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await executor
    .update(userTwoFactor)
    .set({ totpLastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.totpLastStep), lt(userTwoFactor.totpLastStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Whether a workspace where the person is an active member asks every member for a second factor. */
export async function isRequiredByAWorkspace(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), eq(workspaces.twoFactorRequired, true)))
    .limit(1);
  return Boolean(row);
}

export async function replaceRecoveryCodes(executor: Executor, userId: string, codeHashes: string[]): Promise<void> {
  await executor.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length) await executor.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countUnusedRecoveryCodes(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Spends a recovery code; false when it is unknown or already spent. */
export async function spendRecoveryCode(executor: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export interface NewAttempt {
  id: string;
  userId: string;
  method: TwoFactorMethod;
  codeHash: string | null;
  sends: number;
  lastSentAt: Date | null;
  expiresAt: Date;
}

/** Opens an attempt and ends the person's earlier open ones: one pending second factor at a time. */
export async function openAttempt(executor: Executor, attempt: NewAttempt, now: Date): Promise<void> {
  await executor
    .update(twoFactorAttempts)
    .set({ endedAt: now })
    .where(and(eq(twoFactorAttempts.userId, attempt.userId), isNull(twoFactorAttempts.endedAt)));
  await executor.insert(twoFactorAttempts).values(attempt);
}

export async function findAttempt(executor: Executor, id: string): Promise<AttemptRow | undefined> {
  const [row] = await executor.select().from(twoFactorAttempts).where(eq(twoFactorAttempts.id, id)).limit(1);
  return row;
}

const isOpen = (now: Date, maxFailures: number) =>
  and(isNull(twoFactorAttempts.endedAt), gt(twoFactorAttempts.expiresAt, now), lt(twoFactorAttempts.failures, maxFailures));

/**
 * Books one try on an open attempt before the code is compared, so that no number of requests
 * at once can compare more codes than the attempt allows. Returns the tries used, or null.
 */
export async function bookTry(executor: Executor, id: string, now: Date, maxFailures: number): Promise<number | null> {
  const [row] = await executor
    .update(twoFactorAttempts)
    .set({ failures: sql`${twoFactorAttempts.failures} + 1` })
    .where(and(eq(twoFactorAttempts.id, id), isOpen(now, maxFailures)))
    .returning({ failures: twoFactorAttempts.failures });
  return row?.failures ?? null;
}

/** A right code: gives the booked try back and ends the attempt; false if it ended meanwhile. */
export async function completeAttempt(executor: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(twoFactorAttempts)
    .set({ endedAt: now, failures: sql`${twoFactorAttempts.failures} - 1` })
    .where(and(eq(twoFactorAttempts.id, id), isNull(twoFactorAttempts.endedAt)))
    .returning({ id: twoFactorAttempts.id });
  return rows.length > 0;
}

export async function endAttempt(executor: Executor, id: string, now: Date): Promise<void> {
  await executor.update(twoFactorAttempts).set({ endedAt: now }).where(eq(twoFactorAttempts.id, id));
}

/** Stores a new e-mailed code when the resend pause is over and the attempt may still send; null otherwise. */
export async function renewAttemptCode(
  executor: Executor,
  input: { id: string; codeHash: string; now: Date; expiresAt: Date; sentBefore: Date; maxSends: number; maxFailures: number },
): Promise<AttemptRow | null> {
  const [row] = await executor
    .update(twoFactorAttempts)
    .set({ codeHash: input.codeHash, sends: sql`${twoFactorAttempts.sends} + 1`, lastSentAt: input.now, expiresAt: input.expiresAt })
    .where(
      and(
        eq(twoFactorAttempts.id, input.id),
        isOpen(input.now, input.maxFailures),
        lt(twoFactorAttempts.sends, input.maxSends),
        lte(twoFactorAttempts.lastSentAt, input.sentBefore),
      ),
    )
    .returning();
  return row ?? null;
}

export async function readTwoFactorRequired(ctx: TenantContext): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ required: workspaces.twoFactorRequired })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId))
    .limit(1);
  return row?.required ?? false;
}

export async function writeTwoFactorRequired(ctx: TenantContext, required: boolean): Promise<void> {
  await ctx.tx.update(workspaces).set({ twoFactorRequired: required, updatedAt: new Date() }).where(eq(workspaces.id, ctx.workspaceId));
}
