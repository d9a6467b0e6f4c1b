/**
 * The template builder in Chromium on the 2,000-question fixture (`@vigil/checklist/fixtures`):
 * time to interactive (navigation start to the first question's title field on screen) and
 * key-to-paint latency while typing in a question title (keydown to the frame after it). Needs the
 * web app built: `cd apps/web && npx vite build --outDir /tmp/web-dist-bench`, then
 * `WEB_DIST_DIR=/tmp/web-dist-bench npm run bench:builder`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareForSave } from '@vigil/checklist';
import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { chromium } from 'playwright';
import { BENCH_EMAIL, percentile, signIn, startServer, stopServer } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3372);
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const KEYS = 'Forklift mast and chains checked before use';
const WEB_DIST_DIR = process.env.WEB_DIST_DIR;
if (!WEB_DIST_DIR) throw new Error('Set WEB_DIST_DIR to a build of apps/web');

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-builder-'));
const server = await startServer(PORT, { DATA_DIR: dataDir, WEB_DIST_DIR });
const base = `http://localhost:${PORT}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const session = await signIn(base);
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  const document = generateLargeDocument();
  const questions = document.items.filter((item) => item.depth > 0 && item.type !== 'section').length;
  const { id } = await api<{ id: string }>('/checklist/template/new', { title: 'Bench: 2,000 questions' });
  await api(`/checklist/template/${id}`, { ...prepareForSave({ ...document, title: 'Bench: 2,000 questions' }), revision: 0 });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    session.headers.cookie!.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: base };
    }),
  );
  const page = await context.newPage();
  const field = '[data-testid="item-row"] input[data-title]';

  const opens: number[] = [];
  for (let i = 0; i < OPENS; i += 1) {
    await page.goto(`${base}/checklist/template/${id}/edit`);
    await page.waitForSelector(field, { state: 'visible', timeout: 60_000 });
    opens.push(await page.evaluate(() => performance.now()));
  }

  const input = page.locator(field).nth(3);
  await input.click();
  // The page's globals, typed here without the DOM library.
  type PageGlobals = { keyToPaint: number[]; requestAnimationFrame: (callback: () => void) => void };
  await input.evaluate((element) => {
    const page = globalThis as unknown as PageGlobals;
    const samples: number[] = [];
    page.keyToPaint = samples;
    element.addEventListener('keydown', () => {
      const start = performance.now();
      page.requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - start), 0));
    });
  });
  await page.keyboard.press('End');
  await page.keyboard.type(KEYS, { delay: 120 });
  await page.waitForTimeout(500);
  const keys = await page.evaluate(() => (globalThis as unknown as PageGlobals).keyToPaint);
  const typed = await input.inputValue();
  if (!typed.endsWith(KEYS)) throw new Error(`typed text did not arrive: ${typed}`);

  console.log(`Builder, ${questions} questions on ${document.items.filter((item) => item.depth === 0).length} pages (${BENCH_EMAIL})`);
  console.log(`time to interactive ms: p50 ${percentile(opens, 50)}, max ${percentile(opens, 100)} (${OPENS} opens; target < 2000)`);
  console.log(`key to paint ms: p50 ${percentile(keys, 50)}, p99 ${percentile(keys, 99)}, max ${percentile(keys, 100)} (${keys.length} keys; target < 50)`);
  await context.close();
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
