import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { makeWebDist, WEB_DIST_SCRIPT_PATH } from '../test/web-dist.ts';
import { translator } from './i18n/index.ts';

describe('per-address rate limit', () => {
  let t: TestApp;
  let dist: ReturnType<typeof makeWebDist>;
  beforeAll(async () => {
    dist = makeWebDist();
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', WEB_DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('does not count static assets or the web app index, and answers 429 on /api past the limit', async () => {
    const client = t.agent();
    for (let i = 0; i < 12; i += 1) {
      expect((await client.get(WEB_DIST_SCRIPT_PATH)).statusCode).toBe(200);
      expect((await client.get('/')).statusCode).toBe(200);
      expect((await client.get('/templates/some-screen')).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await client.get('/api/health')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await client.get('/api/user/auth')).json().code).toBe('_RATE_LIMITED');
    expect((await client.get(WEB_DIST_SCRIPT_PATH)).statusCode).toBe(200);
    expect((await client.get('/')).statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  let t: TestApp;
  let dist: ReturnType<typeof makeWebDist>;
  beforeAll(async () => {
    dist = makeWebDist();
    // Any heap is over 1 MB: the server is "saturated" from its first sample (every 500 ms) on.
    t = await createTestApp({ env: { LOAD_SHED_HEAP_MB: '1', WEB_DIST_DIR: dist.dir } });
    await new Promise((resolve) => setTimeout(resolve, 700));
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('answers API requests a fast 503 _SERVICE_UNAVAILABLE with Retry-After, translated, and closes the connection', async () => {
    const response = await t.agent({ language: 'fr' }).get('/api/user/auth');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: '_SERVICE_UNAVAILABLE', message: translator('fr')('error.overloaded') });
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers.connection).toBe('close');
    const write = await t.agent().post('/api/login', { email: 'a@example.test', password: 'x' });
    expect(write.statusCode).toBe(503);
    expect((await t.agent().get('/storage/x/y')).statusCode).toBe(503);
  });

  it('keeps answering the health check, static assets and the web app index', async () => {
    const client = t.agent();
    const health = await client.get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: 'ok' } });
    expect((await client.get(WEB_DIST_SCRIPT_PATH)).statusCode).toBe(200);
    expect((await client.get('/')).statusCode).toBe(200);
    expect((await client.get('/inspections')).statusCode).toBe(200);
  });
});
