import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import { recordActivity } from './activity-log.ts';

/** Where a sign-in step came from: the address, and the browser as it names itself. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** A browser's self-description is the caller's to write: kept short, it only helps a reader recognise a device. */
const DEVICE_MAX = 200;
const deviceOf = (origin: SignInOrigin) => ({ device: origin.userAgent?.slice(0, DEVICE_MAX) ?? null });

/** The person acting on their own account, in one workspace. */
const asAccount = (tx: Executor, userId: string, workspaceId: string) => ({
  workspaceId,
  actor: { userId, permissions: new Set<string>() },
  tx,
});

type SessionEvent = 'user.signed_in' | 'user.signed_out';

/** A session opened or closed, in the workspace it belongs to, in the caller's transaction. */
export function recordSessionEvent(
  tx: Executor,
  type: SessionEvent,
  session: { userId: string; workspaceId: string },
  origin: SignInOrigin,
) {
  return recordActivity(asAccount(tx, session.userId, session.workspaceId), {
    type,
    objectType: 'user',
    objectId: session.userId,
    after: type === 'user.signed_in' ? deviceOf(origin) : null,
    ip: origin.ip,
  });
}

/**
 * A refused sign-in to a known account, recorded in every workspace the account belongs to (an open
 * invitation is not yet one), so that its administrators and the person see attempts on it. The
 * record names the account, not whoever tried: nothing of it reaches the requester.
 */
export async function recordFailedSignIn(tx: Executor, userId: string, origin: SignInOrigin): Promise<void> {
  const rows = await tx
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.status, 'invited')));
  for (const { workspaceId } of rows) {
    await recordActivity(asAccount(tx, userId, workspaceId), {
      type: 'user.sign_in_failed',
      objectType: 'user',
      objectId: userId,
      after: deviceOf(origin),
      ip: origin.ip,
    });
  }
}
