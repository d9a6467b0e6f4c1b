/**
 * What a first visit to the login page downloads: every script and style sheet, uncompressed and as sent
 * over the wire (with the browser's Accept-Encoding), and the time to start `npm start`'s server on an
 * existing data folder. Needs WEB_DIST_DIR (a build of apps/web).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { startServer, stopServer } from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 3395);
const webDist = process.env.WEB_DIST_DIR;
if (!webDist) throw new Error('Set WEB_DIST_DIR to a build of apps/web');
const base = `http://localhost:${port}`;
/** Issue 12.4: what Chromium downloads for `/login`, compressed. */
const LOGIN_SCRIPT_BUDGET_KB = 250;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-weight-'));
const env = { DATA_DIR: dataDir, WEB_DIST_DIR: webDist };

try {
  await stopServer(await startServer(port, env));
  const started = performance.now();
  const server = await startServer(port, env);
  console.log(`start to ready on an existing data folder: ${Math.round(performance.now() - started)} ms`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const assets: { url: string; type: string; decoded: number; wire: number; encoding: string }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const sizes = await response.request().sizes();
      const body = await response.body();
      const headers = await response.allHeaders();
      assets.push({ url: response.url(), type, decoded: body.length, wire: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'none' });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // Figures of a page that did not start would be meaningless: the sign-in form must be there.
    await page.locator('input[type="password"]').waitFor({ timeout: 30_000 });
    if (pageErrors.length > 0) throw new Error(`the login page failed: ${pageErrors.join('; ')}`);
    const total = (type: string, key: 'decoded' | 'wire') =>
      assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset[key], 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const scripts = assets.filter((asset) => asset.type === 'script');
    console.log(`login page scripts: ${scripts.length} files, ${kb(total('script', 'decoded'))} uncompressed, ${kb(total('script', 'wire'))} sent`);
    console.log(`login page styles: ${kb(total('stylesheet', 'decoded'))} uncompressed, ${kb(total('stylesheet', 'wire'))} sent`);
    if (process.env.BENCH_VERBOSE) for (const asset of scripts.sort((a, b) => b.wire - a.wire)) console.log(`  ${kb(asset.wire).padStart(9)} ${kb(asset.decoded).padStart(9)} ${asset.url.replace(base, '')}`);
    console.log(`encodings: ${[...new Set(assets.map((asset) => asset.encoding))].join(', ')}`);
    if (total('script', 'wire') > LOGIN_SCRIPT_BUDGET_KB * 1024) {
      console.error(`over budget: the login page's scripts must stay under ${LOGIN_SCRIPT_BUDGET_KB} KB sent (issue 12.4)`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stopServer(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
