/// <reference lib="dom" />
/**
 * Issue 15: the inspection screen in Chromium on a phone (390×844) with the CPU slowed down 4×, on a
 * published template of BENCH_QUESTIONS questions (default 500: the large fixture's mix of numbers,
 * choices, texts, dates, sliders and photos, on 5 pages, with rules and calculations):
 * - open: navigation start to the inspection being answerable (its first page's first control on
 *   screen and enabled), BENCH_OPENS times (the first cold);
 * - answer to paint: `performance.now()` at the pointer or key event to right after the frame painted
 *   after it (rAF then a message-channel task), over BENCH_ANSWERS choices clicked and as many digits
 *   typed into number questions on the first page of questions, median and p95; the score shown in
 *   the header is read in that same frame, so "updated in the same frame" is counted too.
 * BENCH_COLD_DETAIL=1 also prints where the cold open's time went: its requests in the order they left (when each
 * was asked and answered, from the page's resource timing) and a CPU profile of the open (self time by file
 * and by function), kept in BENCH_PROFILE_DIR when set.
 * Needs the web app built: `cd apps/web && npx vite build --outDir /tmp/web-dist-bench`, then
 * `WEB_DIST_DIR=/tmp/web-dist-bench npm run bench:inspection-screen`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { chromium, type CDPSession, type Locator, type Page } from 'playwright';
import { printProfileSummary, type CpuProfile } from './support/cpu-profile.ts';
import { percentile, signIn, startServer, stopServer } from './support/server.ts';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3395);
const CPU_SLOWDOWN = 4;
const COLD_DETAIL = process.env.BENCH_COLD_DETAIL === '1';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const figures = (samples: number[]) =>
  `median ${percentile(samples, 50).toFixed(1)}, p95 ${percentile(samples, 95).toFixed(1)}, max ${percentile(samples, 100).toFixed(1)} (${samples.length})`;

interface Paint {
  ms: number;
  /** Whether the header's score had changed by that frame. */
  scoreMoved: boolean;
}

/** Navigation start to the first page's first answer control on screen and enabled. */
async function openInspection(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const control = document.querySelector<HTMLElement>(
        '[data-testid="checklist-item"] input:not([disabled]), [data-testid="checklist-item"] button:not([disabled])',
      );
      return !!control && control.offsetParent !== null;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  return page.evaluate(() => performance.now());
}

/** The page's requests in the order they left: path, asked and answered (ms from navigation start), bytes. */
async function printWaterfall(page: Page): Promise<void> {
  const rows = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return { name: resource.name, start: resource.startTime, end: resource.responseEnd, bytes: resource.encodedBodySize };
    }),
  );
  console.log(`cold open's requests (${rows.length}), asked → answered ms, bytes:`);
  for (const row of rows.sort((a, b) => a.start - b.start)) {
    const { pathname } = new URL(row.name);
    console.log(`  ${row.start.toFixed(0).padStart(6)} → ${row.end.toFixed(0).padStart(6)}  ${String(row.bytes).padStart(8)}  ${pathname}`);
  }
}

/** The main thread's long tasks (over 50 ms) of the open, from navigation start: when each began and how long it ran. */
async function printLongTasks(page: Page): Promise<void> {
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; ms: number }[] }).longTasks);
  const busy = tasks.reduce((sum, task) => sum + task.ms, 0);
  console.log(
    `cold open's long tasks (${tasks.length}, ${busy.toFixed(0)} ms): ${tasks.map((task) => `${task.start.toFixed(0)}+${task.ms.toFixed(0)}`).join(', ')}`,
  );
}

/** The cold open under a CPU profile, then its requests and long tasks; the profile summed by file and by function. */
async function detailedColdOpen(page: Page, cdp: CDPSession, url: string): Promise<number> {
  await page.addInitScript(() => {
    const tasks: { start: number; ms: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const ms = await openInspection(page, url);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await printWaterfall(page);
  await printLongTasks(page);
  printProfileSummary('cold open', profile, { rows: [20, 30, 20], dir: process.env.BENCH_PROFILE_DIR });
  return ms;
}

/** Watches the next event of `type` on the page and the frame painted after it. */
function armPaintProbe(page: Page, type: 'pointerdown' | 'keydown') {
  // No named functions inside: the bench runs through tsx, whose helper names would not exist in the page.
  return page.evaluate((eventType) => {
    (window as unknown as { paint: Promise<Paint> }).paint = new Promise((resolve) => {
      window.addEventListener(
        eventType,
        () => {
          const start = performance.now();
          const before = document.querySelector('[data-testid="checklist-score"]')?.textContent ?? '';
          // The answer is handled in the click or input event after this one; the paint comes after that.
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () =>
              resolve({
                ms: performance.now() - start,
                scoreMoved: (document.querySelector('[data-testid="checklist-score"]')?.textContent ?? '') !== before,
              });
            channel.port2.postMessage(null);
          });
        },
        { capture: true, once: true },
      );
    });
  }, type);
}

const paintOf = (page: Page) => page.evaluate(() => (window as unknown as { paint: Promise<Paint> }).paint);

/**
 * Answers `count` times, each time on the next of `targets` (read again before each answer: rules
 * enable and disable questions as answers come), and returns the paint after each answer's event.
 */
async function answerInTurn(
  page: Page,
  targets: Locator,
  count: number,
  event: 'pointerdown' | 'keydown',
  answer: (target: Locator, i: number, total: number) => { prepare?: () => Promise<void>; act: () => Promise<void> },
): Promise<Paint[]> {
  const paints: Paint[] = [];
  for (let i = 0; i < count; i += 1) {
    const total = await targets.count();
    const target = targets.nth(i % total);
    await target.scrollIntoViewIfNeeded();
    const { prepare, act } = answer(target, i, total);
    await prepare?.();
    await armPaintProbe(page, event);
    await act();
    paints.push(await paintOf(page));
    await page.waitForTimeout(150);
  }
  return paints;
}

/** Clicks choices of the questions enabled at that moment, in turn, alternating the answer. */
const clickChoices = (page: Page, count: number) =>
  answerInTurn(
    page,
    page.locator('[data-testid="checklist-item"] [role="radiogroup"]:not([aria-disabled])'),
    count,
    'pointerdown',
    (group, i, total) => ({
      act: () =>
        group
          .locator('label')
          .nth(Math.floor(i / total) % 2)
          .click(),
    }),
  );

/** Types a digit at the end of the number questions enabled at that moment, in turn. */
const typeNumbers = (page: Page, count: number) =>
  answerInTurn(page, page.locator('[data-testid="checklist-item"] input[type="number"]:not([disabled])'), count, 'keydown', (input, i) => ({
    prepare: async () => {
      await input.click();
      await page.keyboard.press('End');
    },
    act: () => page.keyboard.press(String((i % 9) + 1)),
  }));

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-inspection-'));
const webDist = process.env.WEB_DIST_DIR;
if (!webDist) throw new Error('Set WEB_DIST_DIR to a build of apps/web');
console.log(`load average at start: ${load()}`);
const server = await startServer(PORT, { DATA_DIR: dataDir, WEB_DIST_DIR: webDist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const base = `http://localhost:${PORT}`;
  const session = await signIn(base);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: session.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 400)}`);
    return ((await response.json()) as { data: T }).data;
  };
  const document = generateLargeDocument({ questions: QUESTIONS, pages: 5, rules: Math.round(QUESTIONS * 0.35), calculations: 10 });
  const created = await api<{ id: string }>('POST', '/checklist/template/new', { title: `Bench: ${QUESTIONS} questions` });
  const draft = await api<Record<string, unknown> & { revision: number }>('GET', `/checklist/template/${created.id}`);
  const saved = await api<{ revision: number }>('POST', `/checklist/template/${created.id}`, {
    ...draft,
    items: document.items,
    responses: document.responses,
    rule_sets: document.rule_sets,
    revision: draft.revision,
  });
  await api('POST', `/checklist/template/${created.id}/publish`, { revision: saved.revision });
  const inspection = await api<{ id: string }>('POST', '/inspections/new', { template_id: created.id });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false });
  await context.addCookies(
    session.headers.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: base };
    }),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const url = `${base}/inspections/${inspection.id}`;
  const opens: number[] = [];
  for (let i = 0; i < OPENS; i += 1)
    opens.push(await (i === 0 && COLD_DETAIL ? detailedColdOpen(page, cdp, url) : openInspection(page, url)));

  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('[data-testid="checklist-item"] .checklist-choices').first().waitFor();
  const clicks = await clickChoices(page, ANSWERS);
  const keys = await typeNumbers(page, ANSWERS);
  const moved = (paints: Paint[]) => `${paints.filter((paint) => paint.scoreMoved).length} of ${paints.length} with the score moved`;

  console.log(`Inspection screen, ${QUESTIONS} questions, 390×844, CPU ${CPU_SLOWDOWN}× slower; load average at the end: ${load()}`);
  console.log(`open to answerable ms (first cold; target ≤ 2000): ${opens.map((ms) => ms.toFixed(0)).join(', ')}`);
  console.log(`choice click to paint ms (target p95 ≤ 50): ${figures(clicks.map((paint) => paint.ms))}; ${moved(clicks)}`);
  console.log(`digit typed to paint ms (target p95 ≤ 50): ${figures(keys.map((paint) => paint.ms))}; ${moved(keys)}`);
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
