import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('vigil '.repeat(400))});`;

describe('the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // As the build leaves it: each compressible file with its .br and .gz copy (apps/web/vite-precompress.ts).
    webDist = mkdtempSync(join(tmpdir(), 'vigil-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT));
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const fetchScript = (acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': acceptEncoding } });

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
});
