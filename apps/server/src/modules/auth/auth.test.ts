import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('signs in with the right password and answers the session user, workspace and features', async () => {
    const admin = await t.asAdmin({ plan: 'standard' });
    const client = t.agent();
    const response = await client.post('/api/login', { email: admin.email.toUpperCase(), password: admin.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.userData.email).toBe(admin.email);
    expect(body.data.userData.abilities).toContain('USR_MANAGE_ROLE');
    expect(body.data.workspace.id).toBe(admin.workspaceId);
    expect(body.data.features).toMatchObject({ ckl_rule: true, app_sso: false });
    expect(body.message).toMatch(/Welcome back/);
    const cookie = response.cookies.find((c) => c.name === 'vigil_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('gives a new session id at every sign-in', async () => {
    const admin = await t.asAdmin();
    const first = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    const second = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    const token = (r: typeof first) => r.cookies.find((c) => c.name === 'vigil_session')?.value;
    expect(token(first)).toBeTruthy();
    expect(token(first)).not.toBe(token(second));
  });

  it('answers the same generic refusal for a wrong password and an unknown e-mail', async () => {
    const admin = await t.asAdmin();
    const wrong = await t.agent().post('/api/login', { email: admin.email, password: 'not the password' });
    const unknown = await t.agent().post('/api/login', { email: uniqueEmail('nobody'), password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('USR_INVALID_CREDENTIALS');
  });

  it.each([
    ['missing e-mail', { password: 'x' }, { email: ['This field is required.'] }],
    ['malformed e-mail', { email: 'not-an-email', password: 'x' }, { email: ['Enter a valid e-mail address.'] }],
    ['empty password', { email: 'a@b.test', password: '' }, { password: ['This field is required.'] }],
    [
      'wrong types',
      { email: 42, password: ['x'] },
      { email: ['This value has the wrong type.'], password: ['This value has the wrong type.'] },
    ],
  ])('refuses %s with 422 and per-field messages', async (_title, body, fields) => {
    const response = await t.agent().post('/api/login', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: '_VALIDATION_FAILED', message: 'Some fields are not valid.', data: fields });
  });

  it('localises field messages by the request language', async () => {
    const response = await t.agent({ language: 'de-DE,de;q=0.9' }).post('/api/login', { email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json().data.email).toEqual(['Geben Sie eine gültige E-Mail-Adresse ein.']);
  });

  it('does not sign in a deactivated member', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const { memberships } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(memberships).set({ status: 'deactivated' }).where(eq(memberships.userId, member.userId));
    const response = await t.agent().post('/api/login', { email: member.email, password: member.password });
    expect(response.statusCode).toBe(401);
    expect((await member.agent.get('/api/user/auth')).statusCode).toBe(401);
  });
});

describe('GET /api/user/auth', () => {
  it('answers 401 USR_UNAUTHENTICATED without a session', async () => {
    const response = await t.agent().get('/api/user/auth');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('USR_UNAUTHENTICATED');
  });

  it('answers the member with only the default role abilities', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const response = await member.agent.get('/api/user/auth');
    expect(response.statusCode).toBe(200);
    const abilities: string[] = response.json().data.userData.abilities;
    expect(abilities).toContain('INS_VIEW_INSPECTION_LIST');
    expect(abilities).not.toContain('USR_MANAGE_USER');
  });

  it('ignores a forged session cookie', async () => {
    const response = await t.agent().get('/api/user/auth', { cookie: 'vigil_session=forged-token' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session so the cookie no longer works', async () => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null, message: 'You have signed out.' });
    expect((await admin.agent.get('/api/user/auth')).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    expect((await t.agent().post('/api/user/logout')).statusCode).toBe(401);
  });
});
