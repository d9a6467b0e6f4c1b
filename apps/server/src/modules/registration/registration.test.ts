import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, activityLogs, users } from '../../db/schema/index.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { linkTokenOf, startMailbox, type Mailbox } from '../../test/mailbox.ts';

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://vigil.example.test' } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function deliver() {
  await t.worker.drain();
}

/** Lets the next link of a kind go out at once (the cool-down would hold it back for a minute). */
async function forgetCooldown(email: string) {
  await t.database.db
    .update(accountTokens)
    .set({ createdAt: sql`${accountTokens.createdAt} - interval '1 hour'` })
    .where(eq(accountTokens.email, email));
}

async function activitiesOf(workspaceId: string) {
  return t.database.db.select().from(activityLogs).where(eq(activityLogs.workspaceId, workspaceId));
}

const PASSWORD = 'a new and long password';

describe('POST /api/register', () => {
  it('mails a link in the request language; the link sets the password and creates the workspace with its administrator', async () => {
    const email = uniqueEmail('newcomer');
    const response = await t
      .agent({ language: 'fr' })
      .post('/api/register', { first_name: 'Élodie', last_name: "D'Arc-Dupont", email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: null,
      message: `Nous avons envoyé un lien à ${email}. Ouvrez-le pour définir votre mot de passe.`,
    });
    await deliver();
    const mail = await mailbox.latestTo(email);
    expect(mail?.subject).toBe('Confirmez votre compte Vigil');
    expect(mail?.text).toContain('Bonjour Élodie');
    expect(mail?.html).toContain('<a href="https://vigil.example.test/reset-password/');
    const { path, token } = linkTokenOf(mail);
    expect(path).toBe(`/reset-password/${encodeURIComponent(email)}`);

    const client = t.agent();
    const done = await client.post('/api/reset-password', { email, token, new_password: PASSWORD, password_confirmation: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ purpose: 'register' });
    expect((await client.get('/api/user/auth')).statusCode).toBe(401);

    const login = await t.agent().post('/api/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = login.json().data;
    expect(session.userData).toMatchObject({ first_name: 'Élodie', last_name: "D'Arc-Dupont", locale: 'fr' });
    expect(session.userData.abilities).toContain('USR_MANAGE_ROLE');
    expect(session.workspace).toMatchObject({ name: 'Espace de travail de Élodie', branch: 'DE', plan: 'free' });

    const log = await activitiesOf(session.workspace.id);
    expect(log.map((entry) => entry.type).sort()).toEqual(['user.registered', 'user.signed_in', 'workspace.created']);
    expect(log.every((entry) => entry.userId === session.userData.id && entry.ip)).toBe(true);

    const again = await t.agent().post('/api/reset-password', { email, token, new_password: PASSWORD, password_confirmation: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('USR_LINK_INVALID');
  });

  it('answers an address that has an account exactly as a new one, and tells its owner by mail instead', async () => {
    const admin = await t.asAdmin();
    const fresh = await t.agent().post('/api/register', { first_name: 'Eve', last_name: 'Else', email: uniqueEmail('fresh') });
    const taken = await t.agent().post('/api/register', { first_name: 'Eve', last_name: 'Else', email: admin.email });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message.replace(admin.email, 'X')).toBe(fresh.json().message.replace(/\S+@example\.test/, 'X'));
    await deliver();
    const mail = await mailbox.latestTo(admin.email);
    expect(mail?.subject).toBe('Your Vigil account');
    expect(mail?.text).not.toContain('/reset-password/');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, admin.email));
    expect(user.firstName).toBe('Ada');
  });

  it('sends one mail per address and minute whatever the number of requests', async () => {
    const email = uniqueEmail('hasty');
    for (let i = 0; i < 3; i += 1) {
      expect((await t.agent().post('/api/register', { first_name: 'Hal', last_name: 'Hasty', email })).statusCode).toBe(200);
    }
    await deliver();
    expect(await mailbox.mailsTo(email)).toHaveLength(1);
  });

  it.each([
    [
      'digits in a name',
      { first_name: 'R2D2', last_name: 'Droid', email: 'r2@example.test' },
      { first_name: ['Use letters, spaces, hyphens and apostrophes only.'] },
    ],
    [
      'a symbol in a name',
      { first_name: 'Ann', last_name: 'O<script>', email: 'ann@example.test' },
      { last_name: ['Use letters, spaces, hyphens and apostrophes only.'] },
    ],
    [
      'blank names',
      { first_name: '  ', last_name: '', email: 'b@example.test' },
      { first_name: ['This field is required.'], last_name: ['This field is required.'] },
    ],
    ['a malformed e-mail', { first_name: 'Ann', last_name: 'Lee', email: 'ann@' }, { email: ['Enter a valid e-mail address.'] }],
    ['a missing e-mail', { first_name: 'Ann', last_name: 'Lee' }, { email: ['This field is required.'] }],
    [
      'an unknown field',
      { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test', role: 'admin' },
      { role: ['This field is not allowed.'] },
    ],
  ])('refuses %s with 422 and sends nothing', async (_title, body, fields) => {
    const response = await t.agent().post('/api/register', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: '_VALIDATION_FAILED', data: fields });
  });

  it('accepts names in other scripts', async () => {
    const response = await t
      .agent({ language: 'ar' })
      .post('/api/register', { first_name: 'ليلى', last_name: 'حداد', email: uniqueEmail('layla') });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^أرسلنا رابطًا/);
  });

  it('refuses a forged request without the anti-forgery token', async () => {
    const response = await t.agent().forged('POST', '/api/register', { first_name: 'Ann', last_name: 'Lee', email: uniqueEmail('forged') });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('_XSRF_TOKEN_INVALID');
  });
});

describe('POST /api/forget-password and POST /api/reset-password', () => {
  async function requestReset(email: string, language?: string) {
    const response = await t.agent({ language }).post('/api/forget-password', { email });
    expect(response.statusCode).toBe(200);
    await deliver();
    return mailbox.latestTo(email);
  }

  it('answers an unknown address like a known one and mails nobody', async () => {
    const admin = await t.asAdmin();
    const unknown = uniqueEmail('ghost');
    const a = await t.agent().post('/api/forget-password', { email: unknown });
    const b = await t.agent().post('/api/forget-password', { email: admin.email });
    expect(a.statusCode).toBe(200);
    expect(a.json().message.replace(unknown, 'X')).toBe(b.json().message.replace(admin.email, 'X'));
    await deliver();
    expect(await mailbox.mailsTo(unknown)).toEqual([]);
  });

  it("mails a link in the person's language that sets a new password once and ends their sessions", async () => {
    const admin = await t.asAdmin();
    await t.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, admin.userId));
    const mail = await requestReset(admin.email, 'fr');
    expect(mail?.subject).toBe('Setzen Sie Ihr Vigil-Passwort zurück');
    expect(mail?.text).toContain('60 Minuten');
    const { token } = linkTokenOf(mail);

    const done = await t
      .agent()
      .post('/api/reset-password', { email: admin.email, token, new_password: PASSWORD, password_confirmation: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      data: { purpose: 'reset' },
      message: 'Your password was changed. Sign in with your new password.',
    });
    expect((await admin.agent.get('/api/user/auth')).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { email: admin.email, password: PASSWORD })).statusCode).toBe(200);

    const reuse = await t.agent().post('/api/reset-password', {
      email: admin.email,
      token,
      new_password: 'yet another password',
      password_confirmation: 'yet another password',
    });
    expect(reuse.json().code).toBe('USR_LINK_INVALID');

    const log = await activitiesOf(admin.workspaceId);
    const entry = log.find((e) => e.type === 'user.password_reset');
    expect(entry).toMatchObject({ userId: admin.userId, objectType: 'user', objectId: admin.userId, before: null, after: null });
  });

  it('refuses any of the previous five passwords and writes nothing when it does', async () => {
    const admin = await t.asAdmin();
    const passwords = ['first password 1', 'second password 2', 'third password 3', 'fourth password 4', 'fifth password 5'];
    // The account starts with admin.password: set four more so that five are remembered.
    for (const password of passwords.slice(0, 4)) {
      await forgetCooldown(admin.email);
      const { token } = linkTokenOf(await requestReset(admin.email));
      const response = await t
        .agent()
        .post('/api/reset-password', { email: admin.email, token, new_password: password, password_confirmation: password });
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = (await activitiesOf(admin.workspaceId)).length;
    for (const old of [admin.password, passwords[0], passwords[3]]) {
      await forgetCooldown(admin.email);
      const { token } = linkTokenOf(await requestReset(admin.email));
      const response = await t
        .agent()
        .post('/api/reset-password', { email: admin.email, token, new_password: old, password_confirmation: old });
      expect(response.statusCode).toBe(422);
      expect(response.json().data).toEqual({ new_password: ['Choose a password you have not used for your last 5 passwords.'] });
      // The refusal rolled back whole: the link still works for a fresh password.
      expect((await activitiesOf(admin.workspaceId)).length).toBe(before);
    }
    await forgetCooldown(admin.email);
    const { token } = linkTokenOf(await requestReset(admin.email));
    // admin.password is now the sixth newest: allowed again after five others.
    const fresh = await t
      .agent()
      .post('/api/reset-password', { email: admin.email, token, new_password: passwords[4], password_confirmation: passwords[4] });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired link, a link for another address, and an older link once a newer one is sent', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const first = linkTokenOf(await requestReset(admin.email)).token;
    await forgetCooldown(admin.email);
    const second = linkTokenOf(await requestReset(admin.email)).token;
    const body = (email: string, token: string) => ({ email, token, new_password: PASSWORD, password_confirmation: PASSWORD });
    expect((await t.agent().post('/api/reset-password', body(admin.email, first))).json().code).toBe('USR_LINK_INVALID');
    expect((await t.agent().post('/api/reset-password', body(other.email, second))).json().code).toBe('USR_LINK_INVALID');
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(accountTokens.email, admin.email), eq(accountTokens.purpose, 'reset')));
    const expired = await t.agent().post('/api/reset-password', body(admin.email, second));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'USR_LINK_INVALID',
      message: 'This link is invalid, has already been used or has expired. Ask for a new one.',
    });
    expect((await t.agent().post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('expires reset links within an hour', async () => {
    const admin = await t.asAdmin();
    await requestReset(admin.email);
    const [row] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.email, admin.email));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3_600_000 + 1000);
  });

  it.each([
    [
      'mismatched passwords',
      { email: 'a@example.test', token: 'x', new_password: PASSWORD, password_confirmation: 'other password' },
      { password_confirmation: ['The passwords do not match.'] },
    ],
    [
      'a short password',
      { email: 'a@example.test', token: 'x', new_password: 'short', password_confirmation: 'short' },
      { new_password: ['Enter at least 8 characters.'] },
    ],
    [
      'no token',
      { email: 'a@example.test', token: '', new_password: PASSWORD, password_confirmation: PASSWORD },
      { token: ['This field is required.'] },
    ],
    [
      'a bad e-mail',
      { email: 'nope', token: 'x', new_password: PASSWORD, password_confirmation: PASSWORD },
      { email: ['Enter a valid e-mail address.'] },
    ],
  ])('refuses %s with 422', async (_title, body, fields) => {
    const response = await t.agent().post('/api/reset-password', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual(fields);
  });

  it('refuses a made-up token', async () => {
    const admin = await t.asAdmin();
    const response = await t
      .agent()
      .post('/api/reset-password', { email: admin.email, token: 'made-up', new_password: PASSWORD, password_confirmation: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('USR_LINK_INVALID');
  });
});
