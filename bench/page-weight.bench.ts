/**
 * What a first visit downloads, to the login page and, signed in, to the templates list and the builder:
 * every script and style sheet, uncompressed and as sent over the wire (with the browser's
 * Accept-Encoding), and the time to start `npm start`'s server on an existing data folder. Needs
 * WEB_DIST_DIR (a build of apps/web).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { signIn, startServer, stopServer } from './support/server.ts';

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
    const login = await weigh(browser, 'login page', '/login', 'input[type="password"]');
    if (login.wire > LOGIN_SCRIPT_BUDGET_KB * 1024) {
      console.error(`over budget: the login page's scripts must stay under ${LOGIN_SCRIPT_BUDGET_KB} KB sent (issue 12.4)`);
      process.exitCode = 1;
    }
    // Signed in, each screen opened afresh (an empty browser cache), as after following a link to it.
    const session = await signIn(base);
    const cookies = session.headers.cookie.split('; ').map((pair) => {
      // A value may itself contain "=" (base64 padding): split at the first one only.
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    });
    await weigh(browser, 'templates list', '/checklist/templates', '.ant-table', cookies);
    const template = await fetch(`${base}/api/checklist/template/new`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ title: 'Weighed' }),
    });
    const { data } = (await template.json()) as { data: { id: string } };
    await weigh(browser, 'builder', `/checklist/template/${data.id}/edit`, '[data-testid="builder-state"]', cookies);
  } finally {
    await browser.close();
    await stopServer(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

interface Weight {
  wire: number;
}

/**
 * Opens `path` in a fresh browser context (with `cookies`), waits for `ready` and the network to settle,
 * and prints what its scripts and style sheets weigh.
 */
async function weigh(
  browser: Browser,
  screen: string,
  path: string,
  ready: string,
  cookies: { name: string; value: string; url: string }[] = [],
): Promise<Weight> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  try {
    const page = await context.newPage();
    const assets: { url: string; type: string; decoded: number; wire: number; encoding: string }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const sizes = await response.request().sizes();
      const body = await response.body();
      const headers = await response.allHeaders();
      assets.push({
        url: response.url(),
        type,
        decoded: body.length,
        wire: sizes.responseBodySize,
        encoding: headers['content-encoding'] ?? 'none',
      });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // Figures of a screen that did not open would be meaningless.
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (pageErrors.length > 0) throw new Error(`${screen} failed: ${pageErrors.join('; ')}`);
    const total = (type: string, key: 'decoded' | 'wire') =>
      assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset[key], 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const scripts = assets.filter((asset) => asset.type === 'script');
    console.log(
      `${screen} scripts: ${scripts.length} files, ${kb(total('script', 'decoded'))} uncompressed, ${kb(total('script', 'wire'))} sent`,
    );
    console.log(`${screen} styles: ${kb(total('stylesheet', 'decoded'))} uncompressed, ${kb(total('stylesheet', 'wire'))} sent`);
    if (process.env.BENCH_VERBOSE)
      for (const asset of scripts.sort((a, b) => b.wire - a.wire))
        console.log(`  ${kb(asset.wire).padStart(9)} ${kb(asset.decoded).padStart(9)} ${asset.url.replace(base, '')}`);
    console.log(`${screen} encodings: ${[...new Set(assets.map((asset) => asset.encoding))].join(', ')}`);
    return { wire: total('script', 'wire') };
  } finally {
    await context.close();
  }
}
