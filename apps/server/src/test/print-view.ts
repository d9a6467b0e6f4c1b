/**
 * A stand-in for the web app's print view of a shared report (`/shared/inspections/:token?print=1`),
 * which the PDF job opens through `INTERNAL_URL`: a small HTTP server on the loopback address that
 * reads the shared report through the application's API (as the web page will), lays it out with
 * its pictures (lazy, as a long report would) and an Arabic font, and sets the ready signal. Calls
 * under `/api/` are passed to the application, so the page loads its pictures from its own origin.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { BuiltApp } from '../app.ts';

/** How the page reaches the application's API: `app.inject` in tests, HTTP against a server process in a benchmark. */
export type ApiCall = (path: string, language: string) => Promise<{ status: number; type: string; body: Buffer }>;

/** The API of an application built in this process. */
export function injectedApi(app: BuiltApp['app']): ApiCall {
  return async (path, language) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { 'accept-language': language } });
    return {
      status: answer.statusCode,
      type: String(answer.headers['content-type'] ?? 'application/octet-stream'),
      body: answer.rawPayload,
    };
  };
}

export interface PrintView {
  url: string;
  /** The print view's addresses the job opened, in order. */
  opened: URL[];
  /** How the next page answers: laid out and ready, or the error signal. */
  mode: 'ready' | 'error';
  /** The application's API the page reads, once it is there. */
  api: ApiCall | null;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function arabicFont(): Buffer {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@expo-google-fonts/noto-sans-arabic');
  return readFileSync(join(dirname(entry), '400Regular', 'NotoSansArabic_400Regular.ttf'));
}

interface SharedReport {
  inspection: { title: string; number: number };
  shown: string[];
  answers: Record<string, { value: unknown; media?: { url: string }[] }>;
}

function pictures(report: SharedReport): string[] {
  const urls: string[] = [];
  for (const answer of Object.values(report.answers)) {
    if (Array.isArray(answer.value)) for (const entry of answer.value as { url?: string }[]) if (entry.url) urls.push(entry.url);
    for (const entry of answer.media ?? []) urls.push(entry.url);
  }
  return urls;
}

function page(report: SharedReport, lang: string, mode: PrintView['mode']): string {
  const rtl = lang === 'ar';
  const rows = report.shown
    .filter((key) => report.answers[key] && !Array.isArray(report.answers[key].value))
    .map((key) => `<tr><th>${escape(key)}</th><td>${escape(JSON.stringify(report.answers[key].value))}</td></tr>`)
    .join('');
  const images = pictures(report)
    .map((url) => `<img loading="lazy" src="${escape(url)}" style="width:45%;margin:1%;break-inside:avoid">`)
    .join('');
  const signal = mode === 'ready' ? 'true' : 'error';
  return `<!doctype html><html lang="${lang}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<style>@font-face{font-family:Arabic;src:url(/fonts/arabic.ttf)}body{font-family:Arabic,sans-serif}</style></head>
<body><h1>${escape(report.inspection.title)} #${report.inspection.number}</h1><p>تقرير الفحص</p><table>${rows}</table><div style="height:2000px"></div>${images}
<script>setTimeout(() => document.documentElement.setAttribute('data-report-ready', '${signal}'), 50)</script></body></html>`;
}

export async function startPrintView(): Promise<PrintView> {
  const font = arabicFont();
  const view: PrintView = { url: '', opened: [], mode: 'ready', api: null, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://print.view');
      if (url.pathname === '/fonts/arabic.ttf') {
        response.writeHead(200, { 'content-type': 'font/ttf' }).end(font);
        return;
      }
      const language = (headers: IncomingHttpHeaders) => headers['accept-language'] ?? 'en';
      if (url.pathname.startsWith('/api/')) {
        const answer = await view.api!(url.pathname + url.search, language(request.headers));
        response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
        return;
      }
      const match = /^\/shared\/inspections\/([^/]+)$/.exec(url.pathname);
      if (!match || url.searchParams.get('print') !== '1') {
        response.writeHead(404).end();
        return;
      }
      view.opened.push(url);
      const report = await view.api!(`/api/shared/inspections/${match[1]}`, language(request.headers));
      if (report.status !== 200) {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(page({ inspection: { title: 'gone', number: 0 }, shown: [], answers: {} }, 'en', 'error'));
        return;
      }
      const { data } = JSON.parse(report.body.toString()) as { data: SharedReport };
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(data, url.searchParams.get('lang') ?? 'en', view.mode));
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  view.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  view.close = () => new Promise((resolve) => server.close(() => resolve()));
  return view;
}
