import { RECOVERY_CODE_COUNT, TWO_FACTOR_MAX_SENDS, type Language } from '@vigil/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLogs, mailOutbox, twoFactorAttempts, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, uniqueEmail, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import { testIdp } from '../../test/idp.ts';
import { createUser } from '../users/index.ts';
import { addMember, createWorkspace } from '../workspaces/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'correct horse battery staple';

/** Moves the clock (Date only: the database and the server keep running) forward by `seconds`. */
function travel(seconds: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
}

async function person(options: { locale?: Language; workspaceId?: string } = {}) {
  const email = uniqueEmail('person');
  const { user, workspace } = await t.database.db.transaction(async (tx) => {
    const user = await createUser(tx, { email, firstName: 'Tess', lastName: 'Two', password: PASSWORD, locale: options.locale });
    if (options.workspaceId) {
      await addMember({ workspaceId: options.workspaceId, actor: { userId: user.id, permissions: new Set() }, tx }, user.id);
      return { user, workspace: { id: options.workspaceId } };
    }
    const workspace = await createWorkspace(tx, { name: `Workspace ${email}`, branch: 'US', plan: 'free', ownerId: user.id });
    return { user, workspace };
  });
  return { email, userId: user.id, workspaceId: workspace.id };
}

async function signedIn(who: { email: string }): Promise<Agent> {
  const agent = t.agent();
  const response = await agent.post('/api/login', { email: who.email, password: PASSWORD });
  expect(response.json().data.userData, response.body).toBeTruthy();
  return agent;
}

async function withEmailMethod(options: { locale?: Language } = {}) {
  const who = await person(options);
  const agent = await signedIn(who);
  const response = await agent.post('/api/user/account/two-factor/email', { password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return who;
}

async function latestMail(email: string) {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

async function latestCode(email: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await latestMail(email))?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A password sign-in that stops at the second factor; answers the agent and the challenge. */
async function challenge(who: { email: string }) {
  const agent = t.agent();
  const response = await agent.post('/api/login', { email: who.email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  expect(data.next_step).toBe('USR_2FA');
  return { agent, data: data as { method: string; to: string | null; expiredAfter: string; id: string; resend_after: number } };
}

/** The account's activity records of one type, in every workspace. */
const recordsOf = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), eq(activityLogs.type, type)));

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with a code by e-mail', () => {
  it("answers the next step instead of a session, and mails a code in the person's language", async () => {
    const who = await withEmailMethod({ locale: 'fr' });
    const before = Date.now();
    const { agent, data } = await challenge(who);
    expect(data).toMatchObject({ method: 'email', resend_after: 30 });
    expect(data.to).toMatch(/^pe\*+@example\.test$/);
    const expiresIn = new Date(data.expiredAfter).getTime() - before;
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect((await agent.get('/api/user/auth')).statusCode).toBe(401);
    const mail = await latestMail(who.email);
    expect(mail?.subject).toBe('Votre code de connexion Vigil');
    expect(mail?.text).toMatch(/Votre code de connexion est :\n\n\d{6}\n/);
  });

  it('signs in with the code: a new session, as a password sign-in opens', async () => {
    const who = await withEmailMethod();
    const { agent, data } = await challenge(who);
    const code = await latestCode(who.email);
    const signedInBefore = (await recordsOf(who.userId, 'user.signed_in')).length;
    const response = await agent.post('/api/login-2fa', { email: who.email, code, id: data.id });
    expect(response.statusCode, response.body).toBe(200);
    // The password step opened nothing; the code did.
    expect((await recordsOf(who.userId, 'user.signed_in')).length).toBe(signedInBefore + 1);
    expect(response.json().data.userData.email).toBe(who.email);
    expect(response.cookies.find((cookie) => cookie.name === 'vigil_session')?.value).toBeTruthy();
    expect((await agent.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('keeps only a keyed hash of the code', async () => {
    const who = await withEmailMethod();
    await challenge(who);
    const code = await latestCode(who.email);
    const [row] = await t.database.db
      .select()
      .from(twoFactorAttempts)
      .where(eq(twoFactorAttempts.userId, who.userId))
      .orderBy(desc(twoFactorAttempts.createdAt))
      .limit(1);
    expect(row?.codeHash).toBeTruthy();
    expect(row?.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('takes a code once', async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    const code = await latestCode(who.email);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code, id: data.id })).statusCode).toBe(200);
    const again = await t.agent().post('/api/login-2fa', { email: who.email, code, id: data.id });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'USR_2FA_ATTEMPT_INVALID', data: { attempts_left: 0 } });
  });

  it('refuses a wrong code with the tries left; the fifth ends the attempt, even for the right code', async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    const code = await latestCode(who.email);
    for (const left of [4, 3, 2, 1]) {
      const response = await t.agent().post('/api/login-2fa', { email: who.email, code: otherCode(code), id: data.id });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'USR_2FA_CODE_INVALID',
        message: `This code is not right. Tries left: ${left}.`,
        data: { attempts_left: left },
      });
    }
    const fifth = await t.agent().post('/api/login-2fa', { email: who.email, code: otherCode(code), id: data.id });
    expect(fifth.json()).toMatchObject({
      code: 'USR_2FA_CODE_INVALID',
      message: 'Too many wrong codes. Sign in again to get a new one.',
      data: { attempts_left: 0 },
    });
    const right = await t.agent().post('/api/login-2fa', { email: who.email, code, id: data.id });
    expect(right.json().code).toBe('USR_2FA_ATTEMPT_INVALID');
    // Each wrong code is a failed sign-in in the account's workspace; the ended attempt is not one more.
    expect((await recordsOf(who.userId, 'user.sign_in_failed')).map((entry) => entry.workspaceId)).toEqual(Array(5).fill(who.workspaceId));
    const next = await challenge(who);
    expect(
      (await t.agent().post('/api/login-2fa', { email: who.email, code: await latestCode(who.email), id: next.data.id })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    const code = await latestCode(who.email);
    travel(10 * 60 + 1);
    const response = await t.agent().post('/api/login-2fa', { email: who.email, code, id: data.id });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'USR_2FA_ATTEMPT_INVALID',
      message: 'This sign-in attempt has expired or ended. Sign in again.',
    });
  });

  it('accepts a code just before it expires', async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    const code = await latestCode(who.email);
    travel(9 * 60 + 50);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code, id: data.id })).statusCode).toBe(200);
  });

  it("ties the code to its attempt and its person: another person's address or an older attempt is refused", async () => {
    const who = await withEmailMethod();
    const stranger = await withEmailMethod();
    const first = await challenge(who);
    const firstCode = await latestCode(who.email);
    const asStranger = await t.agent().post('/api/login-2fa', { email: stranger.email, code: firstCode, id: first.data.id });
    expect(asStranger.json().code).toBe('USR_2FA_ATTEMPT_INVALID');
    const strangerAttempt = await challenge(stranger);
    const crossed = await t
      .agent()
      .post('/api/login-2fa', { email: who.email, code: await latestCode(stranger.email), id: strangerAttempt.data.id });
    expect(crossed.json().code).toBe('USR_2FA_ATTEMPT_INVALID');
    // A newer sign-in ends the older attempt.
    const second = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: firstCode, id: first.data.id })).json().code).toBe(
      'USR_2FA_ATTEMPT_INVALID',
    );
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: firstCode, id: second.data.id })).json().code).toBe(
      'USR_2FA_CODE_INVALID',
    );
    expect(
      (await t.agent().post('/api/login-2fa', { email: who.email, code: await latestCode(who.email), id: second.data.id })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown attempt id the same way', async () => {
    const who = await withEmailMethod();
    const response = await t.agent().post('/api/login-2fa', { email: who.email, code: '123456', id: 'not-an-attempt' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('USR_2FA_ATTEMPT_INVALID');
  });

  it.each([
    ['a five-digit code', { code: '12345' }, 'code', 'Enter the 6-digit code.'],
    ['letters', { code: 'abcdef' }, 'code', 'Enter the 6-digit code.'],
    ['no attempt id', { id: '' }, 'id', 'This field is required.'],
    ['a bad e-mail address', { email: 'nobody' }, 'email', 'Enter a valid e-mail address.'],
  ])('refuses %s with 422', async (_title, patch, field, message) => {
    const response = await t.agent().post('/api/login-2fa', { email: 'a@example.test', code: '123456', id: 'x', ...patch });
    expect(response.statusCode).toBe(422);
    expect(response.json().data[field]).toEqual([message]);
  });
});

describe('resending an e-mailed code', () => {
  it('waits 30 seconds between codes; a new code replaces the old one', async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    const oldCode = await latestCode(who.email);
    const tooSoon = await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: '_RATE_LIMITED', data: { retry_after: expect.any(Number) } });
    expect(tooSoon.json().data.retry_after).toBeGreaterThan(25);
    travel(31);
    const resent = await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ data: { resend_after: 30 }, message: 'A new code is on its way.' });
    const newCode = await latestCode(who.email);
    expect(newCode).not.toBe(oldCode); // one chance in a million of a false alarm
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: oldCode, id: data.id })).json().code).toBe(
      'USR_2FA_CODE_INVALID',
    );
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: newCode, id: data.id })).statusCode).toBe(200);
  });

  it(`sends at most ${TWO_FACTOR_MAX_SENDS} codes for one attempt`, async () => {
    const who = await withEmailMethod();
    const { data } = await challenge(who);
    for (let sent = 1; sent < TWO_FACTOR_MAX_SENDS; sent++) {
      travel(31);
      expect((await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id })).statusCode).toBe(200);
    }
    travel(31);
    const capped = await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('No more codes can be sent for this attempt. Sign in again.');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    expect(mails.filter((mail) => /\b\d{6}\b/.test(mail.text))).toHaveLength(TWO_FACTOR_MAX_SENDS);
  });

  it("refuses another person's attempt and an ended one", async () => {
    const who = await withEmailMethod();
    const stranger = await withEmailMethod();
    const { data } = await challenge(who);
    travel(31);
    expect((await t.agent().post('/api/resend-2fa', { email: stranger.email, id: data.id })).json().code).toBe('USR_2FA_ATTEMPT_INVALID');
    await t.agent().post('/api/login-2fa', { email: who.email, code: await latestCode(who.email), id: data.id });
    expect((await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id })).json().code).toBe('USR_2FA_ATTEMPT_INVALID');
  });

  it('refuses bad input with 422', async () => {
    const response = await t.agent().post('/api/resend-2fa', { email: 'nobody' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data).sort()).toEqual(['email', 'id']);
  });
});

describe('the account settings section', () => {
  it('answers 401 without a session on every call', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/user/account/two-factor')).statusCode).toBe(401);
    for (const path of ['email', 'totp/start', 'recovery-codes']) {
      expect((await anon.post(`/api/user/account/two-factor/${path}`, { password: PASSWORD })).statusCode).toBe(401);
    }
    expect((await anon.post('/api/user/account/two-factor/totp/confirm', { code: '123456' })).statusCode).toBe(401);
    expect((await anon.post('/api/user/account/two-factor/disable', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('starts off, turns e-mail codes on with the password, and records it', async () => {
    const who = await person();
    const agent = await signedIn(who);
    expect((await agent.get('/api/user/account/two-factor')).json().data).toEqual({
      method: null,
      required_by_workspace: false,
      recovery_codes_left: 0,
    });
    const wrong = await agent.post('/api/user/account/two-factor/email', { password: 'not mine' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data).toEqual({ password: ['The current password is not correct.'] });
    const right = await agent.post('/api/user/account/two-factor/email', { password: PASSWORD });
    expect(right.json().data).toEqual({ method: 'email', required_by_workspace: false, recovery_codes_left: 0 });
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, who.userId), eq(activityLogs.type, 'user.two_factor_enabled')));
    expect(entry).toMatchObject({ workspaceId: who.workspaceId, after: { method: 'email' } });
  });

  it('turns the second factor off with the password', async () => {
    const who = await withEmailMethod();
    const agent = await (async () => {
      const { agent, data } = await challenge(who);
      await agent.post('/api/login-2fa', { email: who.email, code: await latestCode(who.email), id: data.id });
      return agent;
    })();
    expect((await agent.post('/api/user/account/two-factor/disable', { password: 'not mine' })).statusCode).toBe(422);
    expect((await agent.post('/api/user/account/two-factor/disable', { code: '123456' })).statusCode).toBe(422);
    expect((await agent.post('/api/user/account/two-factor/disable', {})).statusCode).toBe(422);
    const off = await agent.post('/api/user/account/two-factor/disable', { password: PASSWORD });
    expect(off.json().data.method).toBeNull();
    expect((await t.agent().post('/api/login', { email: who.email, password: PASSWORD })).json().data.userData).toBeTruthy();
  });
});

describe('an authenticator app', () => {
  async function enrolled() {
    const who = await person();
    const agent = await signedIn(who);
    const started = await agent.post('/api/user/account/two-factor/totp/start', { password: PASSWORD });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json().data as { secret: string };
    const confirmed = await agent.post('/api/user/account/two-factor/totp/confirm', { code: generateSync({ secret }) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...who, agent, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  }

  it('enrols with a QR code, confirms with a code from the app, and gives recovery codes once', async () => {
    const who = await person();
    const agent = await signedIn(who);
    expect((await agent.post('/api/user/account/two-factor/totp/start', { password: 'not mine' })).statusCode).toBe(422);
    const started = await agent.post('/api/user/account/two-factor/totp/start', { password: PASSWORD });
    const { secret, otpauth_url, qr_code } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Vigil:${encodeURIComponent(who.email)}?secret=${secret}&issuer=Vigil`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect((await agent.get('/api/user/account/two-factor')).json().data.method).toBeNull();

    const wrong = await agent.post('/api/user/account/two-factor/totp/confirm', { code: otherCode(generateSync({ secret })) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data).toEqual({ code: ['This code is not right.'] });
    const confirmed = await agent.post('/api/user/account/two-factor/totp/confirm', { code: generateSync({ secret }) });
    const codes = confirmed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    codes.forEach((code) => expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/));
    expect((await agent.get('/api/user/account/two-factor')).json().data).toEqual({
      method: 'totp',
      required_by_workspace: false,
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });

    const [row] = await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, who.userId));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, who.userId));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
  });

  it('refuses a confirmation without a set-up, or after the set-up expired', async () => {
    const who = await person();
    const agent = await signedIn(who);
    expect((await agent.post('/api/user/account/two-factor/totp/confirm', { code: '123456' })).json().data).toEqual({
      code: ['The set-up has expired. Start again.'],
    });
    const { secret } = (await agent.post('/api/user/account/two-factor/totp/start', { password: PASSWORD })).json().data;
    travel(16 * 60);
    expect((await agent.post('/api/user/account/two-factor/totp/confirm', { code: generateSync({ secret }) })).statusCode).toBe(422);
  });

  it('signs in with a current app code, once: the same code is refused within its window', async () => {
    const who = await enrolled();
    travel(30);
    const first = await challenge(who);
    expect(first.data).toMatchObject({ method: 'totp', to: null, resend_after: 0 });
    const code = generateSync({ secret: who.secret });
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code, id: first.data.id })).statusCode).toBe(200);
    const second = await challenge(who);
    const reused = await t.agent().post('/api/login-2fa', { email: who.email, code, id: second.data.id });
    expect(reused.json()).toMatchObject({ code: 'USR_2FA_CODE_INVALID', data: { attempts_left: 4 } });
  });

  it('accepts the code of the previous 30-second step, not older ones', async () => {
    const who = await enrolled();
    travel(60);
    const previous = generateSync({ secret: who.secret });
    travel(30);
    const late = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: previous, id: late.data.id })).statusCode).toBe(200);
    travel(60);
    const old = generateSync({ secret: who.secret });
    travel(60);
    const tooLate = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: old, id: tooLate.data.id })).json().code).toBe(
      'USR_2FA_CODE_INVALID',
    );
  });

  it('takes each recovery code once in place of an app code', async () => {
    const who = await enrolled();
    const recovery = who.recoveryCodes[0];
    const first = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: recovery.toUpperCase(), id: first.data.id })).statusCode).toBe(
      200,
    );
    const second = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: recovery, id: second.data.id })).json().code).toBe(
      'USR_2FA_CODE_INVALID',
    );
    expect((await who.agent.get('/api/user/account/two-factor')).json().data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('renews recovery codes with the password; the old ones stop working', async () => {
    const who = await enrolled();
    expect((await who.agent.post('/api/user/account/two-factor/recovery-codes', { password: 'not mine' })).statusCode).toBe(422);
    const renewed = await who.agent.post('/api/user/account/two-factor/recovery-codes', { password: PASSWORD });
    const codes = renewed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const attempt = await challenge(who);
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: who.recoveryCodes[1], id: attempt.data.id })).statusCode).toBe(
      401,
    );
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: codes[0], id: attempt.data.id })).statusCode).toBe(200);
  });

  it('refuses to renew recovery codes without an authenticator', async () => {
    const who = await withEmailMethod();
    const { agent, data } = await challenge(who);
    await agent.post('/api/login-2fa', { email: who.email, code: await latestCode(who.email), id: data.id });
    expect((await agent.post('/api/user/account/two-factor/recovery-codes', { password: PASSWORD })).statusCode).toBe(409);
  });

  it('does not resend app codes by e-mail', async () => {
    const who = await enrolled();
    const { data } = await challenge(who);
    expect((await t.agent().post('/api/resend-2fa', { email: who.email, id: data.id })).statusCode).toBe(409);
  });

  it('turns off with a current app code or a recovery code', async () => {
    const who = await enrolled();
    travel(30);
    const off = await who.agent.post('/api/user/account/two-factor/disable', { code: generateSync({ secret: who.secret }) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ method: null, required_by_workspace: false, recovery_codes_left: 0 });
    expect((await t.agent().post('/api/login', { email: who.email, password: PASSWORD })).json().data.userData).toBeTruthy();

    const other = await enrolled();
    expect((await other.agent.post('/api/user/account/two-factor/disable', { code: '000000' })).statusCode).toBe(422);
    expect((await other.agent.post('/api/user/account/two-factor/disable', { code: other.recoveryCodes[2] })).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, other.userId), eq(activityLogs.type, 'user.two_factor_disabled')));
    expect(entry?.before).toEqual({ method: 'totp' });
  });

  it('switching to e-mail codes forgets the authenticator and its recovery codes', async () => {
    const who = await enrolled();
    await who.agent.post('/api/user/account/two-factor/email', { password: PASSWORD });
    const { data } = await challenge(who);
    expect(data.method).toBe('email');
    expect((await t.agent().post('/api/login-2fa', { email: who.email, code: who.recoveryCodes[0], id: data.id })).statusCode).toBe(401);
  });
});

describe('a workspace that requires a second factor', () => {
  const routes = [
    ['GET', '/api/settings/security'],
    ['PUT', '/api/settings/security', { two_factor_required: true }],
  ] as const;
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await t.asAdmin();
  });

  itRefusesStrangers([routes[1]], () => ({ t, workspaceId: admin.workspaceId }), 'APP_EDIT_SETTINGS');
  itRefusesStrangers([routes[0]], () => ({ t, workspaceId: admin.workspaceId }), 'APP_VIEW_SETTINGS');

  it('is off by default, and an administrator turns it on; the change is recorded', async () => {
    const own = await t.asAdmin();
    expect((await own.agent.get('/api/settings/security')).json().data).toEqual({ two_factor_required: false });
    const saved = await own.agent.put('/api/settings/security', { two_factor_required: true });
    expect(saved.json()).toEqual({ data: { two_factor_required: true }, message: 'The security settings were saved.' });
    expect((await own.agent.get('/api/settings/security')).json().data).toEqual({ two_factor_required: true });
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, own.workspaceId), eq(activityLogs.type, 'workspace.security_updated')));
    expect(entry).toMatchObject({ before: { two_factor_required: false }, after: { two_factor_required: true } });
  });

  it.each([
    ['no value', {}],
    ['a string', { two_factor_required: 'yes' }],
  ])('refuses %s with 422 and changes nothing', async (_title, body) => {
    const own = await t.asAdmin();
    expect((await own.agent.put('/api/settings/security', body)).statusCode).toBe(422);
    expect((await own.agent.get('/api/settings/security')).json().data).toEqual({ two_factor_required: false });
  });

  it('sends its members an e-mailed code at sign-in; other workspaces are not affected', async () => {
    const own = await t.asAdmin();
    const member = await person({ workspaceId: own.workspaceId });
    const elsewhere = await person();
    await own.agent.put('/api/settings/security', { two_factor_required: true });
    const { agent, data } = await challenge(member);
    expect(data.method).toBe('email');
    expect(
      (await agent.post('/api/login-2fa', { email: member.email, code: await latestCode(member.email), id: data.id })).statusCode,
    ).toBe(200);
    expect((await agent.get('/api/user/account/two-factor')).json().data).toEqual({
      method: null,
      required_by_workspace: true,
      recovery_codes_left: 0,
    });
    expect((await t.agent().post('/api/login', { email: elsewhere.email, password: PASSWORD })).json().data.userData).toBeTruthy();
  });

  it("keeps a member's own authenticator as their method", async () => {
    const own = await t.asAdmin();
    const member = await person({ workspaceId: own.workspaceId });
    const agent = await signedIn(member);
    const { secret } = (await agent.post('/api/user/account/two-factor/totp/start', { password: PASSWORD })).json().data;
    await agent.post('/api/user/account/two-factor/totp/confirm', { code: generateSync({ secret }) });
    await own.agent.put('/api/settings/security', { two_factor_required: true });
    expect((await challenge(member)).data.method).toBe('totp');
  });
});

describe('throttling of codes', () => {
  it('counts wrong codes as failed sign-ins: the account pauses with 429', async () => {
    const strict = await createTestApp({
      throttlePolicy: {
        accountThreshold: 3,
        addressThreshold: 100,
        accountWideThreshold: 100,
        windowMinutes: 15,
        baseDelaySeconds: 30,
        maxDelaySeconds: 60,
      },
    });
    try {
      const email = uniqueEmail('throttled');
      await strict.database.db.transaction(async (tx) => {
        const user = await createUser(tx, { email, firstName: 'Tom', lastName: 'Throttle', password: PASSWORD });
        await createWorkspace(tx, { name: 'Throttled', branch: 'US', plan: 'free', ownerId: user.id });
      });
      const agent = strict.agent();
      await agent.post('/api/login', { email, password: PASSWORD });
      await agent.post('/api/user/account/two-factor/email', { password: PASSWORD });
      const { id } = (await strict.agent().post('/api/login', { email, password: PASSWORD })).json().data;
      for (let i = 0; i < 3; i++) {
        expect((await strict.agent().post('/api/login-2fa', { email, code: 'aaaaa-aaaaa', id })).statusCode).toBe(401);
      }
      const paused = await strict.agent().post('/api/login-2fa', { email, code: '123456', id });
      expect(paused.statusCode).toBe(429);
      expect(paused.json().data.retry_after).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('a workspace that allows single sign-on only', () => {
  it('sends a password user there before any code is mailed', async () => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const idp = testIdp('a');
    const saml = {
      provider: 'saml2',
      enabled: true,
      sso_only: true,
      metadata_url: null,
      entity_id: idp.entityId,
      sso_url: idp.ssoUrl,
      slo_url: idp.sloUrl,
      certificate: idp.certificate,
      attributes: { user_id: 'nameID', email: 'email', first_name: 'firstName', last_name: 'lastName' },
    };
    expect((await admin.agent.post('/api/user/account/two-factor/email', { password: admin.password })).statusCode).toBe(200);
    const saved = await admin.agent.put('/api/settings/organization/auth/saml', saml);
    expect(saved.statusCode, saved.body).toBe(200);
    const login = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    expect(login.json().code).toBe('AUTH_SSO_REQUIRED');
    expect(await latestMail(admin.email)).toBeUndefined();
  });
});
