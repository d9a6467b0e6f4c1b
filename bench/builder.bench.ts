/// <reference lib="dom" />
/**
 * The builder in Chromium on the 2,000-question fixture, with and without the preview open:
 * - open: navigation start to the builder being interactive (the first question's title field on
 *   screen and enabled, and the template title field editable), with where the time went (the
 *   document request, long tasks on the main thread);
 * - typing: key-to-paint in a question title, `performance.now()` at keydown to the frame painted
 *   after the input event (rAF then a message-channel task, i.e. right after that paint; and
 *   double rAF, which adds up to one frame), median and p95 over `BENCH_KEYS` keystrokes, first with
 *   the preview closed, then with it open (it re-evaluates the document the editor changes).
 * Needs the web app built: `cd apps/web && npx vite build --outDir /tmp/web-dist-bench`, then
 * `WEB_DIST_DIR=/tmp/web-dist-bench npm run bench:builder`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareForSave } from '@vigil/checklist';
import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { chromium, type Page } from 'playwright';
import { percentile, signIn, startServer, stopServer } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const WEB_DIST_DIR = process.env.WEB_DIST_DIR;
if (!WEB_DIST_DIR) throw new Error('Set WEB_DIST_DIR to a build of apps/web');

const ROW_TITLE = '[data-testid="item-row"] input[data-title]';
const load = () => loadavg().map((n) => n.toFixed(1)).join(', ');

interface Open {
  interactive: number;
  documentRequest: number;
  longTasks: number;
  longestTask: number;
}

/** Before any page script: collects long tasks, so an open can say where its main-thread time went. */
function observeLongTasks(): void {
  const tasks: number[] = [];
  (window as unknown as { longTasks: number[] }).longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function openBuilder(page: Page, url: string, templateId: string): Promise<Open> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const row = document.querySelector<HTMLInputElement>('[data-testid="item-row"] input[data-title]');
      const title = document.querySelector<HTMLInputElement>('.builder-header input');
      return !!row && !!title && row.offsetParent !== null && !row.disabled && !title.disabled && !title.readOnly;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  return page.evaluate((id) => {
    const interactive = performance.now();
    const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name.endsWith(`/api/checklist/template/${id}`));
    const tasks = (window as unknown as { longTasks: number[] }).longTasks;
    return {
      interactive,
      documentRequest: request ? request.responseEnd - request.startTime : NaN,
      longTasks: tasks.reduce((sum, d) => sum + d, 0),
      longestTask: Math.max(0, ...tasks),
    };
  }, templateId);
}

/** Types `count` characters at the end of the nth question title; answers the key-to-paint samples. */
async function typeInTitle(page: Page, nth: number, count: number): Promise<{ afterPaint: number[]; doubleRaf: number[] }> {
  const input = page.locator(ROW_TITLE).nth(nth);
  await input.click();
  await page.keyboard.press('End');
  const before = await input.inputValue();
  await input.evaluate((element) => {
    const samples = { afterPaint: [] as number[], doubleRaf: [] as number[] };
    (window as unknown as { keyToPaint: typeof samples }).keyToPaint = samples;
    let start = 0;
    element.addEventListener('keydown', () => (start = performance.now()), { capture: true });
    element.addEventListener('input', () => {
      const from = start;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => samples.afterPaint.push(performance.now() - from);
        channel.port2.postMessage(null);
        requestAnimationFrame(() => samples.doubleRaf.push(performance.now() - from));
      });
    });
  });
  const typed = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(count / 36)).slice(0, count);
  await page.keyboard.type(typed, { delay: 150 });
  await page.waitForTimeout(500);
  const after = await input.inputValue();
  if (after !== before + typed) throw new Error(`typed text did not arrive: ${after}`);
  return page.evaluate(() => (window as unknown as { keyToPaint: { afterPaint: number[]; doubleRaf: number[] } }).keyToPaint);
}

const figures = (samples: number[]) => `median ${percentile(samples, 50).toFixed(1)}, p95 ${percentile(samples, 95).toFixed(1)}, max ${percentile(samples, 100).toFixed(1)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-builder-'));
console.log(`load average at start: ${load()}`);
const server = await startServer(PORT, { DATA_DIR: dataDir, WEB_DIST_DIR });
const base = `http://localhost:${PORT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const session = await signIn(base);
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  const document = { ...generateLargeDocument(), title: 'Bench: 2,000 questions' };
  const questions = document.items.filter((item) => item.depth > 0 && item.type !== 'section').length;
  const { id, revision } = await api<{ id: string; revision: number }>('/checklist/template/new', { title: document.title });
  await api(`/checklist/template/${id}`, { ...prepareForSave(document), revision });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(observeLongTasks);
  await context.addCookies(
    session.headers.cookie!.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: base };
    }),
  );
  const page = await context.newPage();
  const url = `${base}/checklist/template/${id}/edit`;

  const opens: Open[] = [];
  for (let i = 0; i < OPENS; i += 1) opens.push(await openBuilder(page, url, id));
  const closed = await typeInTitle(page, 3, KEYS);

  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('preview-frame').waitFor({ timeout: 60_000 });
  const previewOpen = await typeInTitle(page, 5, KEYS);

  const column = (pick: (open: Open) => number) => opens.map((open) => pick(open).toFixed(0)).join(', ');
  console.log(`Builder, ${questions} questions on ${document.items.filter((item) => item.depth === 0).length} pages; load average at the end: ${load()}`);
  console.log(`open to interactive ms (first cold, then warm; target < 2000): ${column((o) => o.interactive)}`);
  console.log(`  of which the document request ms: ${column((o) => o.documentRequest)}`);
  console.log(`  long tasks on the main thread, total ms: ${column((o) => o.longTasks)}; longest: ${column((o) => o.longestTask)}`);
  console.log(`key to paint ms, preview closed (${closed.afterPaint.length} keys; target < 50): ${figures(closed.afterPaint)}; double rAF ${figures(closed.doubleRaf)}`);
  console.log(`key to paint ms, preview open (${previewOpen.afterPaint.length} keys): ${figures(previewOpen.afterPaint)}; double rAF ${figures(previewOpen.doubleRaf)}`);
  await context.close();
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
