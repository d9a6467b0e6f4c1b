/**
 * PDFs printed from the application's own pages by headless Chromium through playwright-core
 * (ARCHITECTURE.md: "one long-lived browser per worker"). The browser is launched on the first print,
 * kept for the next ones, launched again if it crashed, closed after a while without work and at
 * shutdown. One page is printed at a time, each in a context of its own that is closed afterwards, so
 * the memory a print takes is bounded by one page. Pages may load only from their own origin.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Chromium is not installed where CHROMIUM_PATH says, or does not start: printing is unavailable. */
export class BrowserUnavailableError extends Error {}

/** The page signalled that it could not show what was asked, or did not get ready in time. */
export class PrintFailedError extends Error {}

/** The attribute of `<html>` a printable page sets once laid out: `"true"`, or `"error"` when it failed. */
export const READY_ATTRIBUTE = 'data-report-ready';

export interface PrintRequest {
  url: string;
  /** The language the page is opened in (`navigator.language`, Accept-Language). */
  locale: string;
  /** The IANA time zone the page's dates are shown in. */
  timeZone: string;
  direction: 'ltr' | 'rtl';
  /** How long the page may take to get ready (its pictures included). */
  timeoutMs?: number;
  /** Called as the print moves on: the page is loading, then it is being printed. */
  onStep?: (step: 'loading' | 'rendering') => Promise<void>;
}

export interface PdfPrinter {
  /** Whether the configured Chromium exists (a print may still fail to launch it). */
  available(): boolean;
  /** The page as an A4 PDF with page numbers in the footer. */
  print(request: PrintRequest): Promise<Buffer>;
  /** Closes the browser; a later print launches it again. */
  close(): Promise<void>;
}

export interface PdfPrinterOptions {
  executablePath: string;
  logger: { warn: (object: object, message: string) => void };
  /** The browser is closed after this long without a print (its memory given back). */
  idleCloseMs?: number;
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
  '--no-first-run',
];
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_IDLE_CLOSE_MS = 10 * 60_000;
/** Run in the page (the server has no DOM types): the ready attribute's value once it is set. */
const READY_SIGNAL = `(() => {
  const value = document.documentElement.getAttribute('${READY_ATTRIBUTE}');
  return value === 'true' || value === 'error' ? value : null;
})()`;

/** Run in the page: loads lazy pictures at once and waits for every picture and font. */
const PICTURES_LOADED = `(async () => {
  const images = [...document.images];
  for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
  await Promise.all(images.map((image) => image.complete ? null : new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  })));
  await document.fonts.ready;
})()`;

/** A4 with room for the footer. */
const MARGIN = { top: '12mm', bottom: '16mm', left: '12mm', right: '12mm' };

/** Page numbers only: the footer is drawn without the page's fonts, and digits need none. */
function footerTemplate(direction: 'ltr' | 'rtl'): string {
  return (
    `<div dir="${direction}" style="width:100%;font-size:8px;font-family:sans-serif;color:#666;padding:0 12mm;text-align:end">` +
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
  );
}

export function createPdfPrinter(options: PdfPrinterOptions): PdfPrinter {
  let browser: Promise<Browser> | null = null;
  /** The launched browser, once it runs (a crash disconnects it: the next print launches another). */
  let current: Browser | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  /** Prints run one after the other: one page open at a time. */
  let queue: Promise<unknown> = Promise.resolve();

  const available = () => existsSync(options.executablePath);

  async function launch(): Promise<Browser> {
    if (!available()) throw new BrowserUnavailableError(`no Chromium at ${options.executablePath}`);
    const { chromium } = await import('playwright-core');
    try {
      const launched = await chromium.launch({ executablePath: options.executablePath, headless: true, args: LAUNCH_ARGS });
      launched.on('disconnected', () => {
        if (current !== launched) return;
        current = null;
        browser = null;
      });
      current = launched;
      return launched;
    } catch (error) {
      options.logger.warn({ err: error }, 'Chromium did not start');
      throw new BrowserUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }

  function browserNow(): Promise<Browser> {
    browser ??= launch().catch((error: unknown) => {
      browser = null;
      throw error;
    });
    return browser;
  }

  async function closeBrowser(): Promise<void> {
    const closing = browser;
    browser = null;
    current = null;
    if (!closing) return;
    const opened = await closing.catch(() => null);
    await opened?.close().catch(() => undefined);
  }

  function scheduleIdleClose(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void closeBrowser(), options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS);
    idleTimer.unref();
  }

  async function printNow(request: PrintRequest): Promise<Buffer> {
    const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const opened = await browserNow();
    const context = await opened.newContext({
      locale: request.locale,
      timezoneId: request.timeZone,
      viewport: { width: 1024, height: 1400 },
      serviceWorkers: 'block',
      acceptDownloads: false,
      // The app's pages forbid eval (`script-src 'self' 'wasm-unsafe-eval'`), and Playwright's wait for the
      // ready signal runs its predicate through eval in the page: without this, the real print view never
      // answers. Nothing is loosened for the page: every request off its origin is aborted below.
      bypassCSP: true,
    });
    try {
      const origin = new URL(request.url).origin;
      // Nothing but the page's own origin (and inline data): a report never reaches out.
      await context.route('**/*', (route) => {
        const url = route.request().url();
        return url.startsWith(`${origin}/`) || url === origin ? route.continue() : route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.setDefaultTimeout(timeout);
      await request.onStep?.('loading');
      await page.goto(request.url, { waitUntil: 'domcontentloaded', timeout });
      const ready = await page.waitForFunction(READY_SIGNAL, undefined, { timeout, polling: 100 });
      if ((await ready.jsonValue()) === 'error') throw new PrintFailedError('the page could not show the report');
      // Every picture must be in the PDF: lazy ones are loaded now, and the fonts awaited.
      await page.evaluate(PICTURES_LOADED);
      await request.onStep?.('rendering');
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: footerTemplate(request.direction),
        margin: MARGIN,
        preferCSSPageSize: false,
      });
    } catch (error) {
      if (error instanceof BrowserUnavailableError || error instanceof PrintFailedError) throw error;
      throw new PrintFailedError(error instanceof Error ? error.message : String(error));
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  return {
    available,
    print(request) {
      const run = queue.then(() => printNow(request));
      queue = run.catch(() => undefined).finally(scheduleIdleClose);
      return run;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await queue.catch(() => undefined);
      await closeBrowser();
    },
  };
}
