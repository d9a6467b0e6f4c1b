/**
 * The PDF of a large report (issue 15): an inspection of BENCH_ANSWERS answers (default 1,000), of
 * which BENCH_PHOTOS are photos (default 100, BENCH_PHOTO_SIDE pixels square JPEGs, default 1024),
 * printed by the server's job with the system Chromium. The web app's print view is stood in for by
 * the tests' page (`apps/server/src/test/print-view.ts`: every answer in a table, every picture lazy),
 * served here on the loopback address and named as the server's INTERNAL_URL; it reads the shared
 * report and the pictures from the server over HTTP as the real page will. Reports the time from the
 * request to the PDF, its size and pages, and the peak RSS of the server and of its Chromium
 * (sampled every 100 ms from /proc). BENCH_PORT (default 3352), BENCH_DATABASE_URL for PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildDocument, type ItemSpec } from '@vigil/checklist/fixtures';
import type { PdfJob } from '@vigil/contracts';
import sharp from 'sharp';
import { startPrintView } from '../apps/server/src/test/print-view.ts';
import { onEachDatabase, signIn, startServer, stopServer, type Session } from './support/server.ts';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const PHOTO_SIDE = Number(process.env.BENCH_PHOTO_SIDE ?? 1024);
const PORT = Number(process.env.BENCH_PORT ?? 3352);

const KINDS = ['number', 'yesno', 'textAnswer', 'list'] as const;
const GRADES = { uuid: 'grades', options: ['good', 'fair', 'poor'].map((uuid, i) => ({ uuid, label: uuid, score: 2 - i })) };

function questionOf(i: number): ItemSpec {
  if (i < PHOTOS) return { id: `photo${i}`, type: 'photo' };
  const type = KINDS[i % KINDS.length];
  return {
    id: `q${i}`,
    type,
    options: { ...(type === 'list' ? { response_set_id: 'grades' } : {}), ...(type === 'textAnswer' ? {} : { enable_score: true }) },
  };
}

function valueOf(i: number): unknown {
  switch (KINDS[i % KINDS.length]) {
    case 'number':
      return i % 97;
    case 'yesno':
      return i % 5 === 0 ? 'no' : 'yes';
    case 'textAnswer':
      return `Answer ${i}: the seal, the bearings and the housing were checked and found as described.`;
    case 'list':
      return ['good', 'fair', 'poor'][i % 3];
  }
}

async function call<T = { id: string }>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.base}${path}`, {
    method,
    headers: session.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** A photo as a phone would send it after the screen's compression: a JPEG of noise and a gradient. */
async function photo(i: number): Promise<Buffer> {
  const side = PHOTO_SIDE;
  const pixels = Buffer.alloc(side * side * 3);
  for (let p = 0; p < pixels.length; p += 3) {
    const noise = (p * 2654435761 + i * 40503) >>> 24;
    pixels[p] = ((p / 3) % side) / 4 + (noise >> 2);
    pixels[p + 1] = p / 3 / side / 4 + (noise >> 3);
    pixels[p + 2] = (i * 7) % 256;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function upload(session: Session, inspectionId: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const { 'content-type': _json, ...headers } = session.headers;
  const response = await fetch(`${session.base}/api/inspections/${inspectionId}/media`, { method: 'POST', headers, body: form });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: string; url: string } };
  return { id: data.id, url: data.url };
}

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
console.log(`Report PDF: ${ANSWERS} answers, ${PHOTOS} photos of ${PHOTO_SIDE} px; load average at start ${load()}`);
const view = await startPrintView();
try {
  await onEachDatabase(async (label, env) => {
    const server = await startServer(PORT, { ...env, INTERNAL_URL: view.url, LOG_LEVEL: 'warn' });
    const base = `http://127.0.0.1:${PORT}`;
    view.api = async (path, language) => {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-language': language } });
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    try {
      const admin = await signIn(base);
      const pages: ItemSpec[] = [];
      for (let start = 0; start < ANSWERS; start += 50) {
        pages.push({
          id: `page${start / 50}`,
          type: 'page',
          children: Array.from({ length: Math.min(50, ANSWERS - start) }, (_, i) => questionOf(start + i)),
        });
      }
      const document = buildDocument(pages, { responses: [GRADES] });
      const template = await call(admin, 'POST', '/api/checklist/template/new', { title: 'Large report' });
      const draft = await call<Record<string, unknown> & { revision: number }>(admin, 'GET', `/api/checklist/template/${template.id}`);
      const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...fields } = draft;
      const saved = await call<{ revision: number }>(admin, 'POST', `/api/checklist/template/${template.id}`, {
        ...fields,
        items: document.items,
        responses: document.responses,
        revision: draft.revision,
      });
      await call(admin, 'POST', `/api/checklist/template/${template.id}/publish`, { revision: saved.revision });
      const inspection = await call(admin, 'POST', '/api/inspections/new', { template_id: template.id });

      let photoBytes = 0;
      const changes: { key: string; answer: { value: unknown } }[] = [];
      for (let i = 0; i < PHOTOS; i++) {
        const bytes = await photo(i);
        photoBytes += bytes.length;
        changes.push({ key: `photo${i}`, answer: { value: [await upload(admin, inspection.id, bytes)] } });
      }
      for (let i = PHOTOS; i < ANSWERS; i++) changes.push({ key: `q${i}`, answer: { value: valueOf(i) } });
      for (let at = 0; at < changes.length; at += 500) {
        await call(admin, 'PUT', `/api/inspections/${inspection.id}/answers`, {
          change_id: randomUUID(),
          changes: changes.slice(at, at + 500),
        });
      }

      const pid = server.pid!;
      const idle = rssOf(pid);
      let peak = { ...idle };
      const sampler = setInterval(() => {
        const now = rssOf(pid);
        peak = { own: Math.max(peak.own, now.own), children: Math.max(peak.children, now.children) };
      }, 100);
      const loadBefore = load();
      const start = performance.now();
      const job = await call<PdfJob>(admin, 'POST', `/api/inspections/${inspection.id}/pdf`, {});
      let state = job;
      while (state.status === 'queued' || state.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await call<PdfJob>(admin, 'GET', `/api/inspections/pdf/${job.job_id}`);
      }
      const took = performance.now() - start;
      clearInterval(sampler);
      if (state.status !== 'completed') throw new Error(`the PDF failed: ${JSON.stringify(state)}`);
      const pdf = Buffer.from(
        await (await fetch(`${base}/api/inspections/pdf/${job.job_id}/file`, { headers: admin.headers })).arrayBuffer(),
      );
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
      });
    } finally {
      await stopServer(server);
    }
  });
} finally {
  await view.close();
}
console.table(results);
