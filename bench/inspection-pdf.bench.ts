/**
 * The PDF of a large report (issue 15): an inspection of BENCH_ANSWERS answers (default 1,000), of
 * which BENCH_PHOTOS are photos (default 100, BENCH_PHOTO_SIDE pixels square JPEGs, default 1024),
 * printed by the server's job with the system Chromium. The web app's print view is stood in for by
 * the tests' page (`apps/server/src/test/print-view.ts`: every answer in a table, every picture lazy),
 * served here on the loopback address and named as the server's INTERNAL_URL; it reads the shared
 * report and the pictures from the server over HTTP as the real page will. Reports the time from the
 * request to the PDF, its size and pages, and the peak RSS of the server and of its Chromium
 * (sampled every 100 ms from /proc). BENCH_PORT (default 3352), BENCH_DATABASE_URL for PostgreSQL.
 * BENCH_PRINT_VIEW=web prints the web app's own print view instead of the stand-in: the server serves
 * WEB_DIST_DIR (a `vite build` of apps/web) and its job opens it on its default INTERNAL_URL (the
 * server itself on the loopback address), as in production, and the table adds when each step of
 * the job (loading, rendering, storing) was first seen. BENCH_PDF_DIR keeps each PDF there
 * (`{database}.pdf`). The report is built by support/large-report.ts.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PdfJob } from '@vigil/contracts';
import { startPrintView } from '../apps/server/src/test/print-view.ts';
import { buildLargeReport, call } from './support/large-report.ts';
import { onEachDatabase, signIn, startServer, stopServer } from './support/server.ts';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const PHOTO_SIDE = Number(process.env.BENCH_PHOTO_SIDE ?? 1024);
const PORT = Number(process.env.BENCH_PORT ?? 3352);
const WEB_VIEW = process.env.BENCH_PRINT_VIEW === 'web';
const WEB_DIST_DIR = process.env.WEB_DIST_DIR;
const PDF_DIR = process.env.BENCH_PDF_DIR;
if (WEB_VIEW && !WEB_DIST_DIR) throw new Error('BENCH_PRINT_VIEW=web needs WEB_DIST_DIR, a build of apps/web');

/**
 * Memory (kB) of a process (its RSS) and of every process below it (their PSS: Chromium's processes
 * share most of their pages, which their RSS would count once per process).
 */
function rssOf(pid: number): { own: number; children: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // The process ended meanwhile.
    }
  }
  const read = (file: string, field: string) => {
    try {
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(file, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const below = (root: number): number[] =>
    [...parents].filter(([, parent]) => parent === root).flatMap(([child]) => [child, ...below(child)]);
  return {
    own: read(`/proc/${pid}/status`, 'VmRSS'),
    children: below(pid).reduce((sum, child) => sum + read(`/proc/${child}/smaps_rollup`, 'Pss'), 0),
  };
}

const mb = (kb: number) => Math.round(kb / 1024);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const results: Record<string, string | number>[] = [];
console.log(
  `Report PDF: ${ANSWERS} answers, ${PHOTOS} photos of ${PHOTO_SIDE} px; load average at start ${load()}` +
    (WEB_VIEW ? `; print view: the web app's (${WEB_DIST_DIR})` : ''),
);
const view = WEB_VIEW ? null : await startPrintView();
try {
  await onEachDatabase(async (label, env) => {
    // The web app's print view is the server's own page: its default INTERNAL_URL reaches it.
    const served: Record<string, string> = view ? { INTERNAL_URL: view.url } : { WEB_DIST_DIR: WEB_DIST_DIR! };
    const server = await startServer(PORT, { ...env, ...served, LOG_LEVEL: 'warn' });
    const base = `http://127.0.0.1:${PORT}`;
    if (view) {
      view.api = async (path, language) => {
        const response = await fetch(`${base}${path}`, { headers: { 'accept-language': language } });
        return {
          status: response.status,
          type: response.headers.get('content-type') ?? 'application/octet-stream',
          body: Buffer.from(await response.arrayBuffer()),
        };
      };
    }
    try {
      const admin = await signIn(base);
      const { inspectionId, photoBytes } = await buildLargeReport(admin, { answers: ANSWERS, photos: PHOTOS, photoSide: PHOTO_SIDE });

      const pid = server.pid!;
      const idle = rssOf(pid);
      let peak = { ...idle };
      const sampler = setInterval(() => {
        const now = rssOf(pid);
        peak = { own: Math.max(peak.own, now.own), children: Math.max(peak.children, now.children) };
      }, 100);
      const loadBefore = load();
      const start = performance.now();
      const job = await call<PdfJob>(admin, 'POST', `/api/inspections/${inspectionId}/pdf`, {});
      let state = job;
      // When each step of the job was first seen (polled every 100 ms): printed with the web app's view.
      const steps = new Map<string, number>();
      while (state.status === 'queued' || state.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await call<PdfJob>(admin, 'GET', `/api/inspections/pdf/${job.job_id}`);
        if (state.step && !steps.has(state.step)) steps.set(state.step, performance.now() - start);
      }
      const took = performance.now() - start;
      clearInterval(sampler);
      if (state.status !== 'completed') throw new Error(`the PDF failed: ${JSON.stringify(state)}`);
      const pdf = Buffer.from(
        await (await fetch(`${base}/api/inspections/pdf/${job.job_id}/file`, { headers: admin.headers })).arrayBuffer(),
      );
      if (PDF_DIR) {
        mkdirSync(PDF_DIR, { recursive: true });
        writeFileSync(join(PDF_DIR, `${label}.pdf`), pdf);
      }
      const pageCount = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      const images = pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;
      results.push({
        database: label,
        'request to PDF (s)': Math.round(took / 100) / 10,
        'PDF MB': Math.round((pdf.length / 1024 / 1024) * 10) / 10,
        pages: pageCount,
        'images in PDF': images,
        'photos MB': Math.round((photoBytes / 1024 / 1024) * 10) / 10,
        'server RSS idle / peak MB': `${mb(idle.own)} / ${mb(peak.own)}`,
        'Chromium PSS peak MB': mb(peak.children),
        'load before / after': `${loadBefore} / ${load()}`,
        ...(WEB_VIEW ? { 'steps seen at (s)': [...steps].map(([step, at]) => `${step} ${(at / 1000).toFixed(1)}`).join(', ') } : {}),
      });
    } finally {
      await stopServer(server);
    }
  });
} finally {
  await view?.close();
}
console.table(results);
