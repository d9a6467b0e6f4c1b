import { eq, inArray, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema/index.ts';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';

export interface ThrottlePolicy {
  /** Failures allowed in a window before sign-in is paused for that key. */
  accountThreshold: number;
  addressThreshold: number;
  windowMinutes: number;
  /** First pause; each further failure doubles it up to maxDelaySeconds. Nothing locks for good. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountThreshold: 5,
  addressThreshold: 20,
  windowMinutes: 15,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/** Per-account and per-address sign-in throttling with growing delays, kept in the database. */
export function createLoginThrottle(db: Db, policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY) {
  return {
    /** Refuses with 429 while either the account or the address is paused. */
    async assertAllowed(email: string, ip: string): Promise<void> {
      const rows = await db
        .select({ blockedUntil: loginThrottles.blockedUntil })
        .from(loginThrottles)
        .where(inArray(loginThrottles.key, [accountKey(email), addressKey(ip)]));
      const now = Date.now();
      const waitMs = Math.max(0, ...rows.map((row) => (row.blockedUntil?.getTime() ?? 0) - now));
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(429, '_RATE_LIMITED', 'auth.too_many_attempts', { seconds }, { retry_after: seconds });
      }
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      await bump(accountKey(email), policy.accountThreshold);
      await bump(addressKey(ip), policy.addressThreshold);
    },

    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, accountKey(email)));
    },
  };

  async function bump(key: string, threshold: number): Promise<void> {
    const windowStart = sql`now() - make_interval(mins => ${policy.windowMinutes})`;
    const failures = sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then 1 else ${loginThrottles.failures} + 1 end`;
    const [row] = await db
      .insert(loginThrottles)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then now() else ${loginThrottles.windowStartedAt} end`,
        },
      })
      .returning({ failures: loginThrottles.failures });
    if (!row || row.failures < threshold) return;
    const delay = Math.min(policy.baseDelaySeconds * 2 ** (row.failures - threshold), policy.maxDelaySeconds);
    await db
      .update(loginThrottles)
      .set({ blockedUntil: new Date(Date.now() + delay * 1000) })
      .where(eq(loginThrottles.key, key));
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
