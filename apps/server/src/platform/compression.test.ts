import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

describe('compressed answers', () => {
  it('sends an answer of a kilobyte or more as brotli, else gzip, to a client that takes it, and plain to one that does not', async () => {
    const plain = await admin.agent.get('/api/user/auth', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await admin.agent.get('/api/user/auth', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await admin.agent.get('/api/user/auth', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const health = await t.agent().get('/api/health', { 'accept-encoding': 'br' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: it is refused as sent, and nothing changes', async () => {
    const body = gzipSync(JSON.stringify({ name_lang: { en: 'Compressed group' } }));
    const sent = await admin.agent.request('POST', '/api/user/group/add', body, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect([sent.statusCode, sent.json().code]).toEqual([400, '_BAD_REQUEST']);
    const groups = await admin.agent.get('/api/user/group/list?search=compressed');
    expect(groups.json().data.list).toEqual([]);
  });
});
