import { SESSION_COOKIE } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sha256 } from './tokens.ts';

/** Idle timeout of one minute so tests can age a session by moving its timestamps. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '2' } });
});
afterAll(() => t.close());

/** Signs in on a fresh client and answers it with the raw cookie token of its session. */
async function signedIn() {
  const admin = await t.asAdmin();
  const client = t.agent();
  const response = await client.post('/api/login', { email: admin.email, password: admin.password });
  expect(response.statusCode).toBe(200);
  const token = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  return { admin, client, token, id: sha256(token) };
}

async function sessionRow(id: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe('session lifetime', () => {
  it('keeps a fresh session working', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES with 401', async () => {
    const { client, id } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: secondsAgo(61) })
      .where(eq(sessions.id, id));
    const response = await client.get('/api/user/auth');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('USR_UNAUTHENTICATED');
  });

  it('keeps an active session alive: a request within the idle window renews it', async () => {
    const { client, id } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: secondsAgo(45) })
      .where(eq(sessions.id, id));
    expect((await client.get('/api/user/auth')).statusCode).toBe(200);
    const renewed = await sessionRow(id);
    expect(Date.now() - renewed.lastSeenAt.getTime()).toBeLessThan(30_000);
    // Another 45 s of quiet is still within the idle window counted from the last request.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`${sessions.lastSeenAt} - interval '45 seconds'` })
      .where(eq(sessions.id, id));
    expect((await client.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('ends a session past its absolute expiry with 401, however active', async () => {
    const { client, id } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: secondsAgo(1), lastSeenAt: new Date() })
      .where(eq(sessions.id, id));
    expect((await client.get('/api/user/auth')).statusCode).toBe(401);
  });

  it('sets the absolute expiry from SESSION_ABSOLUTE_HOURS, on the row and on the cookie', async () => {
    const before = Date.now();
    const admin = await t.asAdmin();
    const response = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const row = await sessionRow(sha256(cookie.value));
    const twoHours = 2 * 3_600_000;
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + twoHours - 1000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + twoHours + 1000);
    expect(Math.abs(cookie.expires!.getTime() - row.expiresAt.getTime())).toBeLessThan(1000);
  });
});

describe('session storage', () => {
  it('stores only the sha256 of the cookie token, never the token', async () => {
    const { token, id, admin } = await signedIn();
    expect(token.length).toBeGreaterThanOrEqual(32);
    const row = await sessionRow(id);
    expect(row).toBeDefined();
    expect(row.userId).toBe(admin.userId);
    expect(row.currentWorkspaceId).toBe(admin.workspaceId);
    const stored = JSON.stringify(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.userId)));
    expect(stored).not.toContain(token);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('does not accept the stored hash as a token', async () => {
    const { id } = await signedIn();
    const response = await t.app.inject({ method: 'GET', url: '/api/user/auth', cookies: { [SESSION_COOKIE]: id } });
    expect(response.statusCode).toBe(401);
  });

  it('logout deletes the session row and clears the cookie', async () => {
    const { client, id } = await signedIn();
    expect(await sessionRow(id)).toBeDefined();
    const response = await client.post('/api/user/logout');
    expect(response.statusCode).toBe(200);
    expect(await sessionRow(id)).toBeUndefined();
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared).toBeDefined();
    expect(cleared!.value === '' || (cleared!.expires && cleared!.expires.getTime() <= Date.now())).toBe(true);
  });

  it('logout ends only its own session', async () => {
    const first = await signedIn();
    const second = t.agent();
    expect((await second.post('/api/login', { email: first.admin.email, password: first.admin.password })).statusCode).toBe(200);
    await first.client.post('/api/user/logout');
    expect((await first.client.get('/api/user/auth')).statusCode).toBe(401);
    expect((await second.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('signing in again on the same client replaces its previous session', async () => {
    const { client, id, admin } = await signedIn();
    expect((await client.post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
    expect(await sessionRow(id)).toBeUndefined();
  });
});
