import type { ActivityType } from '@vigil/contracts';
import { activityLogs } from '../../db/schema/index.ts';
import { stamped, type TenantContext } from '../tenancy.ts';

export interface ActivityEntry {
  /** One of ACTIVITY_TYPES (contracts/logs.ts). */
  type: ActivityType;
  objectType: string;
  objectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The caller's address. */
  ip: string | null;
}

/** Secrets never enter the log, whatever a caller passes as before/after. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'password_hash', 'token', 'new_password', 'current_password']);

function withoutSecrets(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_KEYS.has(key)));
}

/**
 * Records who did what to which object, in the caller's transaction (ctx.tx): a write that
 * rolls back leaves no entry, one that commits always has one.
 */
export async function recordActivity(ctx: TenantContext, entry: ActivityEntry): Promise<void> {
  await ctx.tx.insert(activityLogs).values(
    stamped(ctx, {
      userId: ctx.actor.userId,
      type: entry.type,
      objectType: entry.objectType,
      objectId: entry.objectId ?? null,
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
      ip: entry.ip,
    }),
  );
}
