import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { translator } from '../i18n/index.ts';
import { createLoginThrottle, type ThrottlePolicy } from './throttle.ts';

const POLICY: ThrottlePolicy = {
  accountThreshold: 3,
  addressThreshold: 10,
  accountWideThreshold: 6,
  windowMinutes: 15,
  baseDelaySeconds: 2,
  maxDelaySeconds: 8,
};

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each test signs in from its own address and the address counters
  // of other tests (and of other test files sharing the PostgreSQL database) never interfere.
  t = await createTestApp({ throttlePolicy: POLICY, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const uniqueAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser (its own cookies) at one address, in one language; `at` moves the same browser elsewhere. */
function client(address: string, language = 'en', agent = t.agent({ language })) {
  return {
    agent,
    login: (email: string, password: string) => agent.post('/api/login', { email, password }, { 'x-forwarded-for': address }),
    at: (elsewhere: string) => client(elsewhere, language, agent),
  };
}

describe('sign-in throttling per account and address', () => {
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
    expect(body.message).toBe(translator('de')('auth.too_many_attempts', { count: body.data.retry_after }));
  });

  it('refuses the right password too while the account is paused at that address, and only there', async () => {
    const admin = await t.asAdmin();
    const browser = client(uniqueAddress());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    const right = await browser.login(admin.email, admin.password);
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'vigil_session')).toBeUndefined();
    expect((await client(uniqueAddress()).login(admin.email, admin.password)).statusCode).toBe(200);
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

  it('signs in after the pause and a success resets the counter of the account at that address', async () => {
    const admin = await t.asAdmin();
    const address = uniqueAddress();
    const browser = client(address, 'en', t.agent());
    for (let attempt = 0; attempt < POLICY.accountThreshold; attempt += 1) await browser.login(admin.email, 'wrong password');
    const paused = await browser.login(admin.email, admin.password);
    expect(paused.statusCode).toBe(429);

    await sleep(paused.json().data.retry_after * 1000 + 250);
    expect((await browser.login(admin.email, admin.password)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account-address:${admin.email}:${address}`));
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

describe('nobody keeps the owner out', () => {
  /** Fails `count` sign-ins of `email` from fresh browsers at fresh addresses, as a spread-out guesser would. */
  async function guessFromEverywhere(email: string, count: number) {
    for (let failure = 0; failure < count; failure += 1) {
      const response = await client(uniqueAddress()).login(email, 'wrong password');
      expect([401, 429]).toContain(response.statusCode);
    }
  }

  it('a browser that signed in before signs in from anywhere while guessing pauses unknown browsers', async () => {
    const owner = await t.asAdmin();
    const home = uniqueAddress();
    const laptop = client(home);
    const first = await laptop.login(owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'vigil_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(device!.value).not.toContain(owner.email);

    await guessFromEverywhere(owner.email, POLICY.accountWideThreshold + 2);
    const stranger = await client(uniqueAddress()).login(owner.email, owner.password);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('_RATE_LIMITED');

    const travelling = await laptop.at(uniqueAddress()).login(owner.email, owner.password);
    expect(travelling.statusCode).toBe(200);
    expect(travelling.json().data.userData.email).toBe(owner.email);
    // The address where the account signed in before stays open to it too, without the cookie.
    expect((await client(home).login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("someone failing at the owner's own address pauses their own browser there, not the owner's", async () => {
    const owner = await t.asAdmin();
    const office = uniqueAddress();
    const desk = client(office);
    expect((await desk.login(owner.email, owner.password)).statusCode).toBe(200);
    const colleague = client(office);
    for (let failure = 0; failure < POLICY.accountThreshold + 1; failure += 1) await colleague.login(owner.email, 'wrong password');
    expect((await colleague.login(owner.email, owner.password)).statusCode).toBe(429);
    expect((await desk.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("a browser's mark counts for the accounts it signed in to only, and cannot be forged", async () => {
    const owner = await t.asAdmin();
    const guesser = await t.asAdmin();
    const own = client(uniqueAddress());
    expect((await own.login(guesser.email, guesser.password)).statusCode).toBe(200);
    await guessFromEverywhere(owner.email, POLICY.accountWideThreshold + 1);
    expect((await own.at(uniqueAddress()).login(owner.email, owner.password)).statusCode).toBe(429);

    const forged = client(uniqueAddress());
    const [deviceId] = own.agent.cookie('vigil_device')!.split('.');
    forged.agent.plantCookie('vigil_device', `${deviceId}.${'A'.repeat(22)}`);
    expect((await forged.login(owner.email, owner.password)).statusCode).toBe(429);
  });

  it('an address spraying many accounts is paused for browsers it does not know, not for a known one', async () => {
    const owner = await t.asAdmin();
    const cafe = uniqueAddress();
    const phone = client(uniqueAddress());
    expect((await phone.login(owner.email, owner.password)).statusCode).toBe(200);
    const sprayer = client(cafe);
    for (let attempt = 1; attempt <= POLICY.addressThreshold; attempt += 1)
      await sprayer.login(uniqueEmail(`spray${attempt}`), 'wrong password');
    expect((await client(cafe).login(owner.email, owner.password)).statusCode).toBe(429);
    expect((await phone.at(cafe).login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('the second factor follows the same rule: a known browser completes it while guessing pauses others', async () => {
    const owner = await t.asAdmin();
    const laptop = client(uniqueAddress());
    expect((await laptop.login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await laptop.agent.post('/api/user/account/two-factor/email', { password: owner.password })).statusCode).toBe(200);
    await guessFromEverywhere(owner.email, POLICY.accountWideThreshold + 1);

    const unknown = client(uniqueAddress());
    expect((await unknown.login(owner.email, owner.password)).statusCode).toBe(429);
    const started = await laptop.at(uniqueAddress()).login(owner.email, owner.password);
    expect(started.json().data.next_step).toBe('USR_2FA');
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    // A stranger holding the attempt cannot even try a code while the account is paused for them.
    expect(
      (
        await unknown.agent.post(
          '/api/login-2fa',
          { email: owner.email, id: started.json().data.id, code: '000000' },
          { 'x-forwarded-for': uniqueAddress() },
        )
      ).statusCode,
    ).toBe(429);
    const done = await laptop.agent.post(
      '/api/login-2fa',
      { email: owner.email, id: started.json().data.id, code },
      { 'x-forwarded-for': uniqueAddress() },
    );
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('createLoginThrottle delays', () => {
  it('doubles the pause from baseDelaySeconds per failure past the threshold, up to maxDelaySeconds', async () => {
    const throttle = createLoginThrottle(t.database.db, POLICY);
    const email = uniqueEmail('delays');
    const address = uniqueAddress();
    const attempt = { email, ip: address, knownDevice: null };
    const delays: Array<number | null> = [];
    for (let failure = 1; failure <= 7; failure += 1) {
      const before = Date.now();
      await throttle.recordFailure(attempt);
      const [row] = await t.database.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, `account-address:${email}:${address}`));
      delays.push(row.blockedUntil ? Math.round((row.blockedUntil.getTime() - before) / 1000) : null);
    }
    // Failures 1-2: no pause; 3: 2 s; 4: 4 s; 5: 8 s; then capped at 8 s.
    expect(delays).toEqual([null, null, 2, 4, 8, 8, 8]);
    await expect(throttle.assertAllowed(attempt)).rejects.toMatchObject({ status: 429, code: '_RATE_LIMITED' });
    // Seven failures also pause the account for unknown browsers elsewhere, not for a known one.
    await expect(throttle.assertAllowed({ ...attempt, ip: uniqueAddress() })).rejects.toMatchObject({ status: 429 });
    await expect(throttle.assertAllowed({ ...attempt, ip: uniqueAddress(), knownDevice: 'known-device' })).resolves.toBeUndefined();
    // A sign-in clears this address's count and makes the address known, so the account-wide pause no longer applies here.
    await throttle.recordSuccess(attempt);
    await expect(throttle.assertAllowed(attempt)).resolves.toBeUndefined();
  });

  it('starts a new window once the old one is over', async () => {
    const throttle = createLoginThrottle(t.database.db, POLICY);
    const email = uniqueEmail('window');
    const address = uniqueAddress();
    const attempt = { email, ip: address, knownDevice: null };
    await throttle.recordFailure(attempt);
    await throttle.recordFailure(attempt);
    await t.database.db
      .update(loginThrottles)
      .set({ windowStartedAt: new Date(Date.now() - (POLICY.windowMinutes + 1) * 60_000) })
      .where(eq(loginThrottles.key, `account-address:${email}:${address}`));
    await throttle.recordFailure(attempt);
    const [row] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account-address:${email}:${address}`));
    expect(row.failures).toBe(1);
    expect(row.blockedUntil).toBeNull();
  });
});
