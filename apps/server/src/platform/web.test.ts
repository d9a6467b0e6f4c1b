import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sha256 } from './auth/tokens.ts';
import { makeWebDist, WEB_DIST_SCRIPT_PATH } from '../test/web-dist.ts';

const SCRIPT = `console.log(${JSON.stringify('vigil '.repeat(400))});`;

describe('the built web app', () => {
  let t: TestApp;
  let webDist: ReturnType<typeof makeWebDist>;
  beforeAll(async () => {
    webDist = makeWebDist(SCRIPT);
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist.dir } });
  });
  afterAll(async () => {
    await t.close();
    webDist.remove();
  });

  const fetchScript = (acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url: WEB_DIST_SCRIPT_PATH, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy to a browser that accepts it, as JavaScript cached for a year', async () => {
    const answer = await fetchScript('gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await fetchScript('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await fetchScript('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("neither reads nor renews the session for the app's files, while a call does", async () => {
    const admin = await t.asAdmin();
    const id = sha256(admin.agent.sessionToken!);
    const lastSeen = async () => (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0].lastSeenAt.getTime();
    const quietSince = new Date(Date.now() - 10 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: quietSince }).where(eq(sessions.id, id));

    expect((await admin.agent.get(WEB_DIST_SCRIPT_PATH)).statusCode).toBe(200);
    expect((await admin.agent.get('/')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(quietSince.getTime());

    expect((await admin.agent.get('/api/user/auth')).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(quietSince.getTime());
  });
});
