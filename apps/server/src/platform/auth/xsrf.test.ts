import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionOf = (who: SignedIn) => who.agent.sessionToken!;

/** A state-changing request carrying `session` and the anti-forgery `token` in both cookie and header, as an attacker would plant them. */
function postWith(session: string | undefined, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/logout',
    cookies: { ...(session ? { [SESSION_COOKIE]: session } : {}), [XSRF_COOKIE]: token },
    headers: { [XSRF_HEADER]: token },
  });
}

describe('anti-forgery token bound to the session', () => {
  it("refuses a token issued to another signed-in session (403 _XSRF_TOKEN_INVALID) and keeps the victim's session", async () => {
    const victim = await t.asAdmin();
    const attacker = await t.asAdmin();
    const response = await postWith(sessionOf(victim), attacker.agent.xsrfToken!);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('_XSRF_TOKEN_INVALID');
    expect((await victim.agent.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('refuses a token obtained without a session once the request carries one (a planted anonymous token)', async () => {
    const victim = await t.asAdmin();
    const stranger = t.agent();
    await stranger.get('/api/health');
    const response = await postWith(sessionOf(victim), stranger.xsrfToken!);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('_XSRF_TOKEN_INVALID');
  });

  it('issues a new token at sign-in, and the token from before sign-in no longer works', async () => {
    const admin = await t.asAdmin();
    const client = t.agent();
    await client.get('/api/health');
    const anonymousToken = client.xsrfToken!;
    const login = await client.post('/api/login', { email: admin.email, password: admin.password });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toBe(client.xsrfToken);
    expect(client.xsrfToken).not.toBe(anonymousToken);
    const session = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect((await postWith(session, anonymousToken)).statusCode).toBe(403);
    expect((await postWith(session, client.xsrfToken!)).statusCode).toBe(200);
  });

  it('keeps the token through a workspace switch, and replaces it at sign-out', async () => {
    const admin = await t.asAdmin();
    const created = await admin.agent.post('/api/settings/workspaces/new', { name: 'Second site', branch: 'DE' });
    expect(created.statusCode, created.body).toBe(200);
    const signedInToken = admin.agent.xsrfToken!;
    const switched = await admin.agent.post(`/api/settings/workspaces/${created.json().data.id}/switch`);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(admin.agent.xsrfToken).toBe(signedInToken);

    const logout = await admin.agent.post('/api/user/logout');
    expect(logout.statusCode).toBe(200);
    expect(admin.agent.xsrfToken).not.toBe(signedInToken);
    // The signed-in token no longer works without its session; the new one takes the next sign-in.
    expect((await postWith(undefined, signedInToken)).statusCode).toBe(403);
    expect((await admin.agent.post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('issues a token for the current session to a client whose token belongs to another', async () => {
    const admin = await t.asAdmin();
    const other = await t.asAdmin();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      cookies: { [SESSION_COOKIE]: sessionOf(admin), [XSRF_COOKIE]: other.agent.xsrfToken! },
    });
    const fresh = response.cookies.find((c) => c.name === XSRF_COOKIE)!.value;
    expect(fresh).not.toBe(other.agent.xsrfToken);
    expect((await postWith(sessionOf(admin), fresh)).statusCode).toBe(200);
  });
});
