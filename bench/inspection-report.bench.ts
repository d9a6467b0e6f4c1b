/// <reference lib="dom" />
/**
 * Issue 15: the report screen `/inspections/{id}/view-report` of a completed inspection of
 * BENCH_ANSWERS answers (default 1,000) of which BENCH_PHOTOS are photos (default 100,
 * BENCH_PHOTO_SIDE-pixel JPEGs, default 1024), built through the API by support/large-report.ts, in
 * Chromium on a desktop (1280×800) and on a phone (390×844, device scale 3, touch), signed in as the
 * administrator (a manager: the screen also lists share links), served by the server from WEB_DIST_DIR.
 *
 * "Open" is navigation start (`performance.timeOrigin`) to the first frame painted (rAF, then a
 * message-channel task) once the report's score (`[data-testid=report-score]`) is shown and every
 * answer row of the report (`[data-testid=report-answer]`, one per shown question: BENCH_ANSWERS) is
 * in the page: the first screen is then painted as it will stay (the head with the score, and what
 * follows it: with 120 failed items, the failed-items panel fills that screen) and the whole list is
 * in the page below it (the report renders every row at once, nothing is virtualised; on screen a row
 * far from the view is sized but styled and laid out only as it comes near, `content-visibility:
 * auto`). The photos are not waited for: the figures beside say when those of the first screen and
 * then all that load without scrolling had loaded (`complete`; how many with a size: the screen's
 * thumbnails are `loading="lazy"`, those far below load as they are scrolled to). Each viewport has
 * a browser context of its own; its first open is cold (empty HTTP cache), the next ones reload the
 * same page (scripts and photos cached, the report asked again). BENCH_OPENS opens per viewport
 * (default 5), median and max, with when the report API was asked and answered, its size on the wire,
 * what came before it, the main thread's long tasks, Chromium's script/layout/style times and the
 * bytes received, each open with the load average. BENCH_CPU_SLOWDOWN (default 1) slows the phone's
 * CPU down that many times. BENCH_PROFILE=1 adds one more warm open of each viewport under Chromium's
 * sampling profiler and prints its self and total time by function (BENCH_PROFILE_DIR keeps the
 * `.cpuprofile` files; a `vite build --minify false` gives readable names). BENCH_SCREENSHOT_DIR keeps
 * a picture of each viewport's first screen. Then the PDF's print view (`printView` below),
 * BENCH_PRINT_OPENS times (default 3; 0 leaves it out). Embedded database and PostgreSQL with
 * BENCH_DATABASE_URL (BENCH_SKIP_EMBEDDED=1). BENCH_PORT (default 3397).
 * Needs the web app built: `cd apps/web && npx vite build --outDir /tmp/web-dist-report`, then
 * `WEB_DIST_DIR=/tmp/web-dist-report npm run bench:inspection-report`.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContextOptions, type CDPSession, type Page } from 'playwright';
import { printProfileSummary } from './support/cpu-profile.ts';
import { buildLargeReport, call } from './support/large-report.ts';
import { onEachDatabase, percentile, signIn, startServer, stopServer, type Session } from './support/server.ts';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const PHOTO_SIDE = Number(process.env.BENCH_PHOTO_SIDE ?? 1024);
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const PRINT_OPENS = Number(process.env.BENCH_PRINT_OPENS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3397);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const PROFILE = process.env.BENCH_PROFILE === '1' || !!process.env.BENCH_PROFILE_DIR;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SCREENSHOT_DIR = process.env.BENCH_SCREENSHOT_DIR;
const WEB_DIST_DIR = process.env.WEB_DIST_DIR;
if (!WEB_DIST_DIR) throw new Error('Set WEB_DIST_DIR to a build of apps/web');

const VIEWPORTS: { name: string; options: BrowserContextOptions; slowdown: number }[] = [
  { name: 'desktop 1280×800', options: { viewport: { width: 1280, height: 800 } }, slowdown: 1 },
  {
    name: `phone 390×844${CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}× slower` : ''}`,
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    slowdown: CPU_SLOWDOWN,
  },
];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const ms = (n: number) => Math.round(n);
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

interface Open {
  /** Navigation start to the report painted with its score and every answer row. */
  open: number;
  /** Navigation start to DOMContentLoaded (the page's scripts run). */
  domContentLoaded: number;
  /** Navigation start to the report API's request sent, to its answer received in full. */
  reportStart: number;
  reportEnd: number;
  /** The requests (API calls and scripts) the page had finished before it asked for the report: path and end, ms. */
  before: { path: string; end: number }[];
  /** Navigation start to the photos of the first screen, then all that load without scrolling, loaded (or failed). */
  firstScreenPhotos: number;
  allPhotos: number;
  /** Photos on the first screen, and whether an answer row is on it. */
  photosOnFirstScreen: number;
  answerOnFirstScreen: boolean;
  /** Main-thread tasks over 50 ms before the open ended: their count, total and longest. */
  longTasks: { count: number; total: number; longest: number };
  /** Bytes received (on the wire, from the DevTools protocol's network events) until every photo had loaded: all, and photos. */
  bytes: number;
  photoBytes: number;
  /** Photos shown (loaded with a size) once every one was complete, of all photos in the page. */
  photosShown: number;
  photosInPage: number;
  /** Chromium's own counters for this document (Performance.getMetrics), ms. */
  script: number;
  layout: number;
  style: number;
  /** Elements in the document once painted, and Chromium's JS heap used by then. */
  elements: number;
  heapMb: number;
  load: string;
}

// Collects the main thread's long tasks from the very start of each document (no named functions:
// the bench runs through tsx, whose helpers would not exist in the page).
// The resource timing buffer (250 entries by default) is made large enough for the photos and scripts.
const LONG_TASKS = `performance.setResourceTimingBufferSize(5000);
window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); })
  .observe({ type: 'longtask', buffered: true });`;

async function openReport(
  page: Page,
  url: string,
  answers: number,
): Promise<Omit<Open, 'script' | 'layout' | 'style' | 'heapMb' | 'bytes' | 'photoBytes'>> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (count) =>
      !!document.querySelector('[data-testid="report-score"] .report-figure-value')?.textContent &&
      document.querySelectorAll('[data-testid="report-answer"]').length >= count,
    answers,
    { polling: 'raf', timeout: 180_000 },
  );
  const { open, elements } = await page.evaluate(
    () =>
      new Promise<{ open: number; elements: number }>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ open: window.performance.now(), elements: document.getElementsByTagName('*').length });
          channel.port2.postMessage(null);
        }),
      ),
  );
  // The photos: those on the first screen, then every one the page loads without scrolling, loaded or
  // failed: an eager one wherever it is, a lazy one (`loading="lazy"`, the screen's thumbnails) if its
  // row is within 1,000 px below the screen (Chromium loads lazy pictures 1,250 px ahead on a fast
  // network; those further down load as they are scrolled to, and are counted as not shown).
  const photosOf = (firstScreen: boolean) =>
    page.waitForFunction(
      (onlyFirst) =>
        [...document.querySelectorAll<HTMLImageElement>('.report-pictures img')]
          .filter((image) => {
            const top = (image.closest('[data-testid="report-answer"]') ?? image).getBoundingClientRect().top;
            return onlyFirst ? top < window.innerHeight : image.loading !== 'lazy' || top < window.innerHeight + 1000;
          })
          .every((image) => image.complete),
      firstScreen,
      { polling: 'raf', timeout: 300_000 },
    );
  await photosOf(true);
  const firstScreenPhotos = await page.evaluate(() => window.performance.now());
  await photosOf(false);
  const allPhotos = await page.evaluate(() => window.performance.now());
  const facts = await page.evaluate(
    ({ end, apiPath }) => {
      const navigation = window.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = window.performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const report = resources.find((entry) => new URL(entry.name).pathname === apiPath);
      const tasks = ((window as unknown as { __longTasks: [number, number][] }).__longTasks ?? []).filter(([start]) => start < end);
      const images = [...document.querySelectorAll<HTMLImageElement>('.report-pictures img')];
      const firstRow = document.querySelector('[data-testid="report-answer"]');
      return {
        domContentLoaded: navigation.domContentLoadedEventEnd,
        reportStart: report?.startTime ?? NaN,
        reportEnd: report?.responseEnd ?? NaN,
        before: resources
          .filter((entry) => report && entry.responseEnd <= report.startTime)
          .map((entry) => ({ path: new URL(entry.name).pathname, end: entry.responseEnd })),
        photosOnFirstScreen: images.filter((image) => image.getBoundingClientRect().top < window.innerHeight).length,
        answerOnFirstScreen: !!firstRow && firstRow.getBoundingClientRect().top < window.innerHeight,
        longTasks: {
          count: tasks.length,
          total: tasks.reduce((sum, [, duration]) => sum + duration, 0),
          longest: Math.max(0, ...tasks.map(([, duration]) => duration)),
        },
        photosShown: images.filter((image) => image.naturalWidth > 0).length,
        photosInPage: images.length,
      };
    },
    { end: open, apiPath: new URL(url).pathname.replace(/^\/inspections\/([^/]+)\/view-report$/, '/api/inspections/$1/report') },
  );
  return { open, elements, firstScreenPhotos, allPhotos, ...facts, load: load() };
}

/** One more open under the sampling profiler, from navigation to the report painted. */
async function profiledOpen(page: Page, cdp: CDPSession, url: string, name: string): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const { open } = await openReport(page, url, ANSWERS);
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`  profiled open: ${ms(open)} ms (profiler on)`);
  printProfileSummary(name, profile, { rows: [12, 30, 45], indent: '  ', dir: PROFILE_DIR });
}

/**
 * The PDF's print view (`/shared/inspections/{token}?print=1`, through a share link) as the PDF job's
 * browser opens it (1024×1400, no cookies), without the job's request interception: navigation start
 * to every answer row in the page, and to its ready signal (`data-report-ready`, set once its pictures
 * and fonts are in), BENCH_PRINT_OPENS times (default 3, the first cold).
 */
async function printView(browser: Browser, session: Session, inspectionId: string) {
  const share = await call<{ token: string }>(session, 'POST', `/api/inspections/${inspectionId}/shares`, {});
  const context = await browser.newContext({ viewport: { width: 1024, height: 1400 }, locale: 'en', timezoneId: 'UTC' });
  const page = await context.newPage();
  const opens: { rows: number; ready: number; load: string }[] = [];
  try {
    for (let i = 0; i < PRINT_OPENS; i += 1) {
      await page.goto(`${session.base}/shared/inspections/${share.token}?print=1&lang=en&tz=UTC`, { waitUntil: 'commit' });
      await page.waitForFunction((count) => document.querySelectorAll('[data-testid="report-answer"]').length >= count, ANSWERS, {
        polling: 'raf',
        timeout: 180_000,
      });
      const rows = await page.evaluate(() => window.performance.now());
      await page.waitForFunction(() => document.documentElement.getAttribute('data-report-ready') === 'true', undefined, {
        polling: 'raf',
        timeout: 180_000,
      });
      opens.push({ rows, ready: await page.evaluate(() => window.performance.now()), load: load() });
    }
  } finally {
    await context.close();
  }
  return opens;
}

/** The report API as the page asks it: its answer's size (and encoding) and the server's time for it, from Node. */
async function reportApi(session: Session, inspectionId: string) {
  const times: number[] = [];
  let bytes = 0;
  let encoding = 'none';
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    const response = await fetch(`${session.base}/api/inspections/${inspectionId}/report`, {
      headers: { ...session.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`report: ${response.status}`);
    bytes = body.byteLength;
    encoding = response.headers.get('content-encoding') ?? 'none';
  }
  return { times, bytes, encoding };
}

const summary = (samples: number[]) =>
  `median ${ms(percentile(samples, 50))}, max ${ms(percentile(samples, 100))} (${samples.map(ms).join(', ')})`;

console.log(`Report screen: ${ANSWERS} answers, ${PHOTOS} photos of ${PHOTO_SIDE} px; load average at start ${load()}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await onEachDatabase(async (label, env) => {
    const server = await startServer(PORT, { ...env, WEB_DIST_DIR, LOG_LEVEL: 'warn' });
    try {
      const base = `http://localhost:${PORT}`;
      const session = await signIn(base);
      const built = await buildLargeReport(session, { answers: ANSWERS, photos: PHOTOS, photoSide: PHOTO_SIDE, complete: true });
      const api = await reportApi(session, built.inspectionId);
      console.log(
        `\n${label}: report API ${kb(api.bytes)} (content-encoding: ${api.encoding}), from Node ${summary(api.times)} ms; ` +
          `photos uploaded ${kb(built.photoBytes)}; load ${load()}`,
      );
      const url = `${base}/inspections/${built.inspectionId}/view-report`;
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext(viewport.options);
        await context.addCookies(
          session.headers.cookie.split('; ').map((pair) => {
            const [name, ...value] = pair.split('=');
            return { name, value: value.join('='), url: base };
          }),
        );
        await context.addInitScript(LONG_TASKS);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        if (viewport.slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: viewport.slowdown });
        // The report API's answer as the browser received it (bytes on the wire: body and headers).
        let wire: { body: number; headers: number; encoding: string } | null = null;
        page.on('response', (response) => {
          if (!new URL(response.url()).pathname.endsWith(`/api/inspections/${built.inspectionId}/report`)) return;
          void response
            .request()
            .sizes()
            .then((sizes) => {
              wire = {
                body: sizes.responseBodySize,
                headers: sizes.responseHeadersSize,
                encoding: response.headers()['content-encoding'] ?? 'none',
              };
            });
        });
        // Bytes on the wire per open (a response from the HTTP cache counts 0).
        const received = { bytes: 0, photoBytes: 0 };
        const photoRequests = new Set<string>();
        await cdp.send('Network.enable');
        cdp.on('Network.responseReceived', (event) => {
          if (event.type === 'Image') photoRequests.add(event.requestId);
        });
        cdp.on('Network.loadingFinished', (event) => {
          received.bytes += event.encodedDataLength;
          if (photoRequests.has(event.requestId)) received.photoBytes += event.encodedDataLength;
        });
        const opens: Open[] = [];
        for (let i = 0; i < OPENS; i += 1) {
          received.bytes = 0;
          received.photoBytes = 0;
          const figures = await openReport(page, url, ANSWERS);
          const metrics = Object.fromEntries(
            (await cdp.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value] as const),
          );
          opens.push({
            ...figures,
            ...received,
            script: (metrics.ScriptDuration ?? 0) * 1000,
            layout: (metrics.LayoutDuration ?? 0) * 1000,
            style: (metrics.RecalcStyleDuration ?? 0) * 1000,
            heapMb: (metrics.JSHeapUsedSize ?? 0) / 1024 / 1024,
          });
        }
        if (SCREENSHOT_DIR) {
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          await page.screenshot({ path: join(SCREENSHOT_DIR, `${label}-${viewport.name.split(' ')[0]}.png`) });
        }
        if (PROFILE) await profiledOpen(page, cdp, url, `${label}-${viewport.name.split(' ')[0]}`);
        await context.close();
        const of = (pick: (open: Open) => number) => opens.map(pick);
        const sent = wire as { body: number; headers: number; encoding: string } | null;
        console.log(`\n${label}, ${viewport.name}: ${OPENS} opens (the first cold); load average now ${load()}`);
        console.log(`  open to report painted ms (target ≤ 2000): ${summary(of((open) => open.open))}`);
        console.log(`  to DOMContentLoaded ms: ${summary(of((open) => open.domContentLoaded))}`);
        console.log(
          `  to the report API asked ms: ${summary(of((open) => open.reportStart))}; answered: ${summary(of((open) => open.reportEnd))}`,
        );
        const last = opens.at(-1)!;
        const calls = last.before.filter((entry) => entry.path.startsWith('/api/'));
        console.log(
          `  before the report was asked (last open): ${last.before.length - calls.length} scripts and styles, the last done at ` +
            `${ms(Math.max(0, ...last.before.filter((entry) => !entry.path.startsWith('/api/')).map((entry) => entry.end)))} ms; ` +
            `API calls: ${calls.map((entry) => `${entry.path.replace(/[0-9a-f-]{36}/g, ':id')} (done ${ms(entry.end)})`).join(', ') || 'none'}`,
        );
        console.log(
          `  photos of the first screen loaded ms: ${summary(of((open) => open.firstScreenPhotos))} (${opens[0].photosOnFirstScreen} on it; ` +
            `an answer row on it: ${opens[0].answerOnFirstScreen ? 'yes' : 'no'})`,
        );
        console.log(
          `  photos loading without scrolling (of ${PHOTOS}) loaded ms: ${summary(of((open) => open.allPhotos))}; shown by then: ${opens.map((open) => `${open.photosShown} of ${open.photosInPage}`).join(', ')}`,
        );
        console.log(
          `  long tasks before painted: ${opens.map((open) => `${open.longTasks.count} / ${ms(open.longTasks.total)} ms (longest ${ms(open.longTasks.longest)})`).join('; ')}`,
        );
        console.log(
          `  Chromium script / layout / style ms per document (until every photo had loaded): ${opens.map((open) => `${ms(open.script)} / ${ms(open.layout)} / ${ms(open.style)}`).join('; ')}`,
        );
        console.log(`  elements in the page ${last.elements.toLocaleString('en')}, JS heap used ${last.heapMb.toFixed(0)} MB (last open)`);
        console.log(
          `  received per open (on the wire): ${opens.map((open) => `${kb(open.bytes)} (photos ${kb(open.photoBytes)})`).join('; ')}`,
        );
        console.log(
          `  report API on the wire: ${sent ? `${kb(sent.body)} body + ${sent.headers} B headers, content-encoding ${sent.encoding}` : 'not seen'}`,
        );
        console.log(`  load average per open: ${opens.map((open) => open.load).join(' | ')}`);
      }
      if (PRINT_OPENS > 0) {
        const prints = await printView(browser, session, built.inspectionId);
        console.log(`\n${label}, the PDF's print view (1024×1400): ${PRINT_OPENS} opens (the first cold)`);
        console.log(`  to every answer row in the page ms: ${summary(prints.map((open) => open.rows))}`);
        console.log(`  to the ready signal (pictures and fonts in) ms: ${summary(prints.map((open) => open.ready))}`);
        console.log(`  load average per open: ${prints.map((open) => open.load).join(' | ')}`);
      }
    } finally {
      await stopServer(server);
    }
  });
} finally {
  await browser.close();
}
