/// <reference lib="dom" />
/**
 * What the builder benchmarks share: a server with the 2,000-question fixture saved as a template,
 * Chromium signed in, and the two things they time (opening the builder, typing in a question title).
 */
import { prepareForSave } from '@vigil/checklist';
import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { chromium, type Page } from 'playwright';
import { signIn, startServer, stopServer } from './server.ts';

const ROW_TITLE = '[data-testid="item-row"] input[data-title]';

export interface Open {
  interactive: number;
  documentRequest: number;
  longTasks: number;
  longestTask: number;
}

export interface KeyToPaint {
  afterPaint: number[];
  doubleRaf: number[];
}

/** Before any page script: collects long tasks, so an open can say where its main-thread time went. */
function observeLongTasks(): void {
  const tasks: number[] = [];
  (window as unknown as { longTasks: number[] }).longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Navigation start to the first question's title field on screen and enabled and the template title editable. */
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
    const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
      entry.name.endsWith(`/api/checklist/template/${id}`),
    );
    const tasks = (window as unknown as { longTasks: number[] }).longTasks;
    return {
      interactive,
      documentRequest: request ? request.responseEnd - request.startTime : NaN,
      longTasks: tasks.reduce((sum, d) => sum + d, 0),
      longestTask: Math.max(0, ...tasks),
    };
  }, templateId);
}

/**
 * Types `count` characters 150 ms apart at the end of the nth question title; answers the key-to-paint
 * samples: `performance.now()` at keydown to right after the frame painted after the input event
 * (rAF then a message-channel task), and to the second rAF (which adds up to a frame).
 */
async function typeInTitle(page: Page, nth: number, count: number): Promise<KeyToPaint> {
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
  return page.evaluate(() => (window as unknown as { keyToPaint: KeyToPaint }).keyToPaint);
}

/** A server on `BENCH_PORT` serving `WEB_DIST_DIR`, the fixture saved as a template, and a signed-in 1440×900 page. */
export async function openBuilderContext(dataDir: string) {
  const port = Number(process.env.BENCH_PORT ?? 3390);
  const webDist = process.env.WEB_DIST_DIR;
  if (!webDist) throw new Error('Set WEB_DIST_DIR to a build of apps/web');
  const server = await startServer(port, { DATA_DIR: dataDir, WEB_DIST_DIR: webDist });
  const base = `http://localhost:${port}`;
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    .catch(async (error: unknown) => {
      await stopServer(server);
      throw error;
    });
  const close = async () => {
    await browser.close();
    await stopServer(server);
  };
  try {
    const session = await signIn(base);
    const api = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    };
    const document = { ...generateLargeDocument(), title: 'Bench: 2,000 questions' };
    const { id, revision } = await api<{ id: string; revision: number }>('/checklist/template/new', { title: document.title });
    await api(`/checklist/template/${id}`, { ...prepareForSave(document), revision });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(observeLongTasks);
    await context.addCookies(
      session.headers.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    const url = `${base}/checklist/template/${id}/edit`;
    return {
      page,
      questions: document.items.filter((item) => item.depth > 0 && item.type !== 'section').length,
      pages: document.items.filter((item) => item.depth === 0).length,
      open: () => openBuilder(page, url, id),
      typeInTitle: (nth: number, count: number) => typeInTitle(page, nth, count),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
