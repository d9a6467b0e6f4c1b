import { LANGUAGES, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { translator } from './i18n/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const en = translator('en');

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return Number(row.n);
}

describe('unknown API paths', () => {
  it.each([
    ['GET', true],
    ['GET', false],
    ['POST', true],
    ['POST', false],
    ['DELETE', false],
  ] as const)('%s with anti-forgery header %s answers 404 _OBJECT_NOT_FOUND', async (method, withXsrf) => {
    const client = t.agent();
    await client.get('/api/health');
    const response = await client.request(
      method,
      '/api/no/such/thing',
      method === 'GET' || method === 'DELETE' ? undefined : { a: 1 },
      {},
      withXsrf,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: '_OBJECT_NOT_FOUND', message: en('error.not_found') });
  });

  it('answers 404 for an unknown path under /api even when signed in', async () => {
    const admin = await t.asAdmin();
    const response = await admin.agent.get('/api/user/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('_OBJECT_NOT_FOUND');
  });
});

describe('request bodies', () => {
  it.each([
    ['unterminated object', '{"email": "a@b.test", "password": '],
    ['not JSON at all', 'email=a@b.test&password=x'],
    ['trailing garbage', '{"email": "a@b.test", "password": "x"} trailing'],
  ])('refuses malformed JSON (%s) with 400 _BAD_REQUEST', async (_title, body) => {
    const response = await t.agent().post('/api/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '_BAD_REQUEST', message: en('error.bad_request') });
  });

  it.each([
    [
      'a __proto__ key',
      (email: string, password: string) =>
        `{"email":${JSON.stringify(email)},"password":${JSON.stringify(password)},"__proto__":{"isAdmin":true}}`,
    ],
    [
      'constructor.prototype',
      (email: string, password: string) =>
        `{"email":${JSON.stringify(email)},"password":${JSON.stringify(password)},"constructor":{"prototype":{"isAdmin":true}}}`,
    ],
  ])('refuses JSON with %s with 400 and does not sign in', async (_title, makeBody) => {
    const admin = await t.asAdmin();
    const before = await sessionCount(admin.userId);
    const client = t.agent();
    const response = await client.post('/api/login', makeBody(admin.email, admin.password));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('_BAD_REQUEST');
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await sessionCount(admin.userId)).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // The same credentials without the poison do sign in: the refusal was about the payload.
    expect((await client.post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('refuses a body over 1 MB with 413 _PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 1) });
    const response = await t.agent().post('/api/login', body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: '_PAYLOAD_TOO_LARGE', message: en('error.payload_too_large') });
  });

  it('accepts a body just under the limit (it then fails validation or credentials, not size)', async () => {
    const body = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1000 * 1000) });
    const response = await t.agent().post('/api/login', body);
    expect(response.statusCode).not.toBe(413);
  });
});

describe('anti-forgery token', () => {
  it('gives every GET an XSRF-TOKEN cookie readable by scripts', async () => {
    const response = await t.agent().get('/api/health');
    const cookie = response.cookies.find((c) => c.name === XSRF_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie!.httpOnly).toBeFalsy();
  });

  it('does not replace a valid token on later requests', async () => {
    const client = t.agent();
    await client.get('/api/health');
    const second = await client.get('/api/health');
    expect(second.cookies.find((c) => c.name === XSRF_COOKIE)).toBeUndefined();
  });

  const forgedCookie = () => {
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    const signature = 'B'.repeat(43);
    return `${nonce}.${signature}`;
  };

  /** Builds the cookie and header of a forged request from the client's own token and another client's. */
  type Case = [string, (token: string, otherToken: string) => { cookie?: string; header?: string }];
  const cases: Case[] = [
    ['missing header', (token) => ({ cookie: token })],
    ['wrong header', (token) => ({ cookie: token, header: `${token.slice(0, -2)}xx` })],
    ['the header of another client', (token, otherToken) => ({ cookie: token, header: otherToken })],
    ['forged cookie echoed in the header', () => ({ cookie: forgedCookie(), header: forgedCookie() })],
    ['no cookie at all', () => ({ header: 'abc.def' })],
  ];

  const otherToken = async () => {
    const other = t.agent();
    await other.get('/api/health');
    return other.xsrfToken!;
  };

  it.each(cases)('refuses login with %s: 403 _XSRF_TOKEN_INVALID, no session', async (_title, make) => {
    const admin = await t.asAdmin();
    const before = await sessionCount(admin.userId);
    const client = t.agent();
    await client.get('/api/health');
    const { cookie, header } = make(client.xsrfToken!, await otherToken());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: admin.email, password: admin.password },
      cookies: cookie ? { [XSRF_COOKIE]: cookie } : {},
      headers: header ? { [XSRF_HEADER]: header } : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '_XSRF_TOKEN_INVALID', message: en('error.xsrf') });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await sessionCount(admin.userId)).toBe(before);
  });

  it('answers a fresh valid token to a client that sent a forged one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', cookies: { [XSRF_COOKIE]: forgedCookie() } });
    const cookie = response.cookies.find((c) => c.name === XSRF_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie!.value).not.toBe(forgedCookie());
  });

  it.each(cases)('refuses logout with %s and keeps the session', async (_title, make) => {
    const admin = await t.asAdmin();
    const client = t.agent();
    const login = await client.post('/api/login', { email: admin.email, password: admin.password });
    const sessionToken = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const { cookie, header } = make(client.xsrfToken!, await otherToken());
    // The real session cookie travels with the forged request, as a browser would send it.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies: { [SESSION_COOKIE]: sessionToken, ...(cookie ? { [XSRF_COOKIE]: cookie } : {}) },
      headers: header ? { [XSRF_HEADER]: header } : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '_XSRF_TOKEN_INVALID', message: en('error.xsrf') });
    expect((await client.get('/api/user/auth')).statusCode).toBe(200);
  });

  it('lets logout through with the right token', async () => {
    const admin = await t.asAdmin();
    expect((await admin.agent.post('/api/user/logout')).statusCode).toBe(200);
    expect(await sessionCount(admin.userId)).toBe(0);
  });
});

describe('response headers', () => {
  it('sends the security headers on API answers', async () => {
    const response = await t.agent().get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the security headers on errors too', async () => {
    const response = await t.agent().get('/api/not-here');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a well-formed incoming x-request-id', async () => {
    const id = 'req-0123456789abcdef';
    const response = await t.agent().get('/api/health', { 'x-request-id': id });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['absent', undefined],
    ['too short', 'abc'],
    ['with forbidden characters', 'abc def <script>'],
    ['too long', 'x'.repeat(65)],
  ])('generates an x-request-id when the incoming one is %s', async (_title, incoming) => {
    const response = await t.agent().get('/api/health', incoming === undefined ? {} : { 'x-request-id': incoming });
    const id = response.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(id).not.toBe(incoming);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('generates a different id for each request', async () => {
    const client = t.agent();
    const first = await client.get('/api/health');
    const second = await client.get('/api/health');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('global rate limit', () => {
  it('answers 429 _RATE_LIMITED after RATE_LIMIT_PER_MINUTE requests', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const client = limited.agent({ language: 'fr' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await client.get('/api/health')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const refused = await client.get('/api/health');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: '_RATE_LIMITED', message: translator('fr')('error.rate_limited') });
    } finally {
      await limited.close();
    }
  });

  it('is not in force at the default test setting', async () => {
    const client = t.agent();
    for (let i = 0; i < 20; i += 1) expect((await client.get('/api/health')).statusCode).toBe(200);
  });
});

describe('localised errors', () => {
  it.each(LANGUAGES.map((language) => [language]))('answers the 404 message in %s', async (language) => {
    const response = await t.agent({ language }).get('/api/missing');
    expect(response.statusCode).toBe(404);
    const message: string = response.json().message;
    expect(message.length).toBeGreaterThan(0);
    expect(message).toBe(translator(language)('error.not_found'));
  });

  it('gives a different 404 message in every language', async () => {
    const messages = await Promise.all(LANGUAGES.map(async (language) => (await t.agent({ language }).get('/api/missing')).json().message));
    expect(new Set(messages).size).toBe(LANGUAGES.length);
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.5', 'fr'],
    ['es-ES,de;q=0.7', 'de'],
    ['es', 'en'],
  ] as const)('picks the language of "%s"', async (header, language) => {
    const response = await t.agent({ language: header }).get('/api/user/auth');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(translator(language)('error.unauthenticated'));
  });

  it('localises XSRF and bad-request errors too', async () => {
    const forged = await t.agent({ language: 'ar' }).forged('POST', '/api/login', { email: 'a@b.test', password: 'x' });
    expect(forged.json().message).toBe(translator('ar')('error.xsrf'));
    const bad = await t.agent({ language: 'de' }).post('/api/login', '{');
    expect(bad.json().message).toBe(translator('de')('error.bad_request'));
  });
});

describe('system endpoints', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.agent().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('GET /api/ready answers ready when the database is migrated', async () => {
    const response = await t.agent().get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ready', database: 'ok', migrations: 'applied' } });
  });

  it('GET /api/ready answers 503 _SERVICE_UNAVAILABLE when the database is gone, while health stays ok', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const ready = await broken.agent().get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: '_SERVICE_UNAVAILABLE', message: en('error.not_ready') });
      expect((await broken.agent().get('/api/health')).statusCode).toBe(200);
    } finally {
      await broken.app.close();
    }
  });

  it('GET /api/openapi.json is an OpenAPI 3 document listing the sign-in calls', async () => {
    const response = await t.agent().get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user/auth', '/api/user/logout']));
    expect(document.paths['/api/login'].post).toBeDefined();
    expect(document.paths['/api/user/auth'].get).toBeDefined();
    // Its own route and the documentation pages are hidden from the document.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs') || path === '/api/openapi.json')).toEqual([]);
  });

  it('GET /api/docs answers an HTML page', async () => {
    const client = t.agent();
    let response = await client.get('/api/docs');
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops += 1) {
      const location = String(response.headers.location);
      response = await client.get(new URL(location, 'http://localhost/api/docs').pathname);
    }
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
