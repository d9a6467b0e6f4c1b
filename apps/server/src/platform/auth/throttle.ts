import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema/index.ts';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';

export interface ThrottlePolicy {
  /** Failures allowed in a window for one account from one browser or address before that pair pauses. */
  accountThreshold: number;
  /** Failures allowed from one address across all accounts (spraying), for browsers it does not know. */
  addressThreshold: number;
  /** Failures allowed for one account across all addresses (spread guessing), for browsers it does not know. */
  accountWideThreshold: number;
  windowMinutes: number;
  /** First pause; each further failure doubles it up to maxDelaySeconds. Nothing locks for good. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountThreshold: 5,
  addressThreshold: 20,
  accountWideThreshold: 50,
  windowMinutes: 15,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

/** How long an address that completed a sign-in to an account stays known for that account. */
const KNOWN_ADDRESS_DAYS = 90;

/** Who tries to sign in: the account's e-mail, the address, and the browser when it signed in to this account before. */
export interface SignInAttempt {
  email: string;
  ip: string;
  /** The device id of a browser that completed a sign-in to this account before (known-devices.ts), else null. */
  knownDevice: string | null;
}

type Counter = { key: string; threshold: number };

/**
 * Sign-in throttling that slows guessing without letting anyone keep the owner out (issue 11.6).
 * Failures count per account and browser (a browser that signed in to the account before) or per
 * account and address; those only pause that pair. Browsers the account does not know, from
 * addresses it does not know, also count against the address (spraying across accounts) and the
 * account as a whole (guessing spread over many addresses). A known browser, or an address where
 * the account signed in before, is paused only by its own failures. Kept in the database; every
 * pause ends by itself.
 */
export function createLoginThrottle(db: Db, policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY) {
  const email = (attempt: SignInAttempt) => attempt.email.toLowerCase();
  const knownAddressKey = (attempt: SignInAttempt) => `known-address:${email(attempt)}:${attempt.ip}`;

  async function countersOf(attempt: SignInAttempt): Promise<Counter[]> {
    if (attempt.knownDevice) return [{ key: `device:${attempt.knownDevice}:${email(attempt)}`, threshold: policy.accountThreshold }];
    const pair = { key: `account-address:${email(attempt)}:${attempt.ip}`, threshold: policy.accountThreshold };
    if (await addressIsKnown(attempt)) return [pair];
    return [
      pair,
      { key: `address:${attempt.ip}`, threshold: policy.addressThreshold },
      { key: `account:${email(attempt)}`, threshold: policy.accountWideThreshold },
    ];
  }

  async function addressIsKnown(attempt: SignInAttempt): Promise<boolean> {
    const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const [row] = await db
      .select({ key: loginThrottles.key })
      .from(loginThrottles)
      .where(and(eq(loginThrottles.key, knownAddressKey(attempt)), gt(loginThrottles.windowStartedAt, since)));
    return Boolean(row);
  }

  return {
    /** Refuses with 429 while any counter of this attempt is paused. */
    async assertAllowed(attempt: SignInAttempt): Promise<void> {
      const keys = (await countersOf(attempt)).map((counter) => counter.key);
      const rows = await db
        .select({ blockedUntil: loginThrottles.blockedUntil })
        .from(loginThrottles)
        .where(inArray(loginThrottles.key, keys));
      const now = Date.now();
      const waitMs = Math.max(0, ...rows.map((row) => (row.blockedUntil?.getTime() ?? 0) - now));
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(429, '_RATE_LIMITED', 'auth.too_many_attempts', { count: seconds }, { retry_after: seconds });
      }
    },

    async recordFailure(attempt: SignInAttempt): Promise<void> {
      for (const counter of await countersOf(attempt)) await bump(counter);
    },

    /**
     * A complete sign-in clears this browser's or this address's own count for the account and
     * makes the address known to it. The address-wide and account-wide counts stay: a sign-in of
     * the owner must not hand a guesser a fresh allowance.
     */
    async recordSuccess(attempt: SignInAttempt): Promise<void> {
      const own = (await countersOf(attempt))[0].key;
      await db.delete(loginThrottles).where(eq(loginThrottles.key, own));
      await db
        .insert(loginThrottles)
        .values({ key: knownAddressKey(attempt), failures: 0 })
        .onConflictDoUpdate({ target: loginThrottles.key, set: { windowStartedAt: sql`now()` } });
    },
  };

  async function bump({ key, threshold }: Counter): Promise<void> {
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
