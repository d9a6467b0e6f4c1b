import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { translator } from '../i18n/index.ts';
import { createLoginThrottle, type ThrottlePolicy } from './throttle.ts';

const POLICY: ThrottlePolicy = { accountThreshold: 3, addressThreshold: 10, windowMinutes: 15, baseDelaySeconds: 2, maxDelaySeconds: 8 };

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each test signs in from its own address and the address counters
  // of other tests (and of other test files sharing the PostgreSQL database) never interfere.
  t = await createTestApp({ throttlePolicy: POLICY, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const uniqueAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser at one address, in one language. */
function client(address: string, language = 'en') {
  const agent = t.agent({ language });
  return {
    login: (email: string, password: string) => agent.post('/api/login', { email, password }, { 'x-forwarded-for': address }),
  };
}

describe('sign-in throttling per account', () => {
  it('answers 401 up to the threshold, then 429 _RATE_LIMITED with retry_after and a localised message', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress(), 'de');
    for (let attempt = 1; attempt <= POLICY.accountThreshold; attempt += 1) {
      const response = await browser.login(admin.email, 'wrong password');
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      expect(response.json().code).toBe('USR_INVALID_CREDENTIALS');
    }
    const paused = await browser.login(admin.email, 'wrong password');
    expect(paused.statusCode).toBe(429);
    const body = paused.json();
    expect(body.code).toBe('_RATE_LIMITED');
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(body.data.retry_after).toBeLessThanOrEqual(POLICY.baseDelaySeconds);
    expect(body.message).toBe(translator('de')('auth.too_many_attempts', { seconds: body.data.retry_after }));
  });

  it('refuses the right password too while the account is paused, from any address', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    const right = await browser.login(admin.email, admin.password);
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'vigil_session')).toBeUndefined();
    const elsewhere = await client(uniqueAddress()).login(admin.email, admin.password);
    expect(elsewhere.statusCode).toBe(429);
  });

  it('treats the e-mail case-insensitively', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    expect((await browser.login(admin.email.toUpperCase(), admin.password)).statusCode).toBe(429);
  });

  it('answers an unknown e-mail exactly like a known one: 401 the same number of times, then 429', async () => {
    const admin = await t.asAdmin();
    const known = client(uniqueAddress());
    const unknown = client(uniqueAddress());
    const nobody = uniqueEmail('nobody');
    const knownAnswers: unknown[] = [];
    const unknownAnswers: unknown[] = [];
    for (let attempt = 0; attempt <= POLICY.accountThreshold; attempt += 1) {
      const a = await known.login(admin.email, 'wrong password');
      const b = await unknown.login(nobody, 'wrong password');
      knownAnswers.push([a.statusCode, a.json().code]);
      unknownAnswers.push([b.statusCode, b.json().code]);
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(unknownAnswers.at(-1)).toEqual([429, '_RATE_LIMITED']);
  });

  it('grows the pause after each further failure, and lets sign-in through again once it is over', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    const first = (await browser.login(admin.email, 'wrong password')).json().data.retry_after as number;

    await sleep(first * 1000 + 250);
    const afterPause = await browser.login(admin.email, 'wrong password');
    expect(afterPause.statusCode).toBe(401);
    const second = await browser.login(admin.email, 'wrong password');
    expect(second.statusCode).toBe(429);
    expect(second.json().data.retry_after).toBeGreaterThan(first);
    expect(second.json().data.retry_after).toBeLessThanOrEqual(POLICY.baseDelaySeconds * 2);
  }, 20_000);

  it('signs in after the pause and a success resets the account counter', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    const paused = await browser.login(admin.email, admin.password);
    expect(paused.statusCode).toBe(429);

    await sleep(paused.json().data.retry_after * 1000 + 250);
    expect((await browser.login(admin.email, admin.password)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, `account:${admin.email}`));
    expect(row).toBeUndefined();

    // A fresh allowance: threshold - 1 failures are answered 401 and the right password still works.
    for (let attempt = 1; attempt < POLICY.accountThreshold; attempt += 1) {
      expect((await browser.login(admin.email, 'wrong password')).statusCode).toBe(401);
    }
    expect((await browser.login(admin.email, admin.password)).statusCode).toBe(200);
  }, 20_000);
});

describe('sign-in throttling per address', () => {
  it('pauses an address after addressThreshold failures across different e-mails', async () => {
    const address = uniqueAddress();
    const browser = client(address);
    for (let attempt = 1; attempt <= POLICY.addressThreshold; attempt += 1) {
      const response = await browser.login(uniqueEmail(`spray${attempt}`), 'wrong password');
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const admin = await t.asAdmin();
    const fromAddress = await browser.login(admin.email, admin.password);
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.json().code).toBe('_RATE_LIMITED');
    expect(fromAddress.json().data.retry_after).toBeGreaterThan(0);
    // The account itself is not paused: from another address it signs in.
    expect((await client(uniqueAddress()).login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('does not count successes against the address', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.addressThreshold + 2; attempt += 1) {
      expect((await browser.login(admin.email, admin.password)).statusCode).toBe(200);
    }
  });
});

describe('createLoginThrottle delays', () => {
  it('doubles the pause from baseDelaySeconds per failure past the threshold, up to maxDelaySeconds', async () => {
    const throttle = createLoginThrottle(t.database.db, POLICY);
    const email = uniqueEmail('delays');
    const address = uniqueAddress();
    const delays: Array<number | null> = [];
    for (let failure = 1; failure <= 7; failure += 1) {
      const before = Date.now();
      await throttle.recordFailure(email, address);
      const [row] = await t.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, `account:${email}`));
      delays.push(row!.blockedUntil ? Math.round((row!.blockedUntil.getTime() - before) / 1000) : null);
    }
    // Failures 1-2: no pause; 3: 2 s; 4: 4 s; 5: 8 s; then capped at 8 s.
    expect(delays).toEqual([null, null, 2, 4, 8, 8, 8]);
    await expect(throttle.assertAllowed(email, uniqueAddress())).rejects.toMatchObject({ status: 429, code: '_RATE_LIMITED' });
    await throttle.recordSuccess(email);
    await expect(throttle.assertAllowed(email, uniqueAddress())).resolves.toBeUndefined();
  });

  it('starts a new window once the old one is over', async () => {
    const throttle = createLoginThrottle(t.database.db, POLICY);
    const email = uniqueEmail('window');
    const address = uniqueAddress();
    await throttle.recordFailure(email, address);
    await throttle.recordFailure(email, address);
    await t.database.db
      .update(loginThrottles)
      .set({ windowStartedAt: new Date(Date.now() - (POLICY.windowMinutes + 1) * 60_000) })
      .where(eq(loginThrottles.key, `account:${email}`));
    await throttle.recordFailure(email, address);
    const [row] = await t.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, `account:${email}`));
    expect(row!.failures).toBe(1);
    expect(row!.blockedUntil).toBeNull();
  });
});
