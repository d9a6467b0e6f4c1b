/**
 * A large report for the benchmarks of issue 15, built through the API as people would: a published
 * template of `answers` questions on pages of 50, the first `photos` of them photo questions and the
 * rest numbers, yes/no, texts and lists (scored, but the texts), and an inspection of it with every
 * question answered (each photo a `photoSide`-pixel JPEG uploaded as the inspection's media), saved in
 * bursts of 500, completed when asked. Used by inspection-pdf.bench.ts and inspection-report.bench.ts.
 */
import { randomUUID } from 'node:crypto';
import { buildDocument, type ItemSpec } from '@vigil/checklist/fixtures';
import sharp from 'sharp';
import type { Session } from './server.ts';

export interface LargeReportOptions {
  answers: number;
  photos: number;
  photoSide: number;
  /** Finish the inspection once answered (`POST /api/inspections/{id}/finish`); left in progress otherwise. */
  complete?: boolean;
}

export interface LargeReport {
  templateId: string;
  inspectionId: string;
  /** The photos' bytes as uploaded, in all. */
  photoBytes: number;
}

const KINDS = ['number', 'yesno', 'textAnswer', 'list'] as const;
const GRADES = { uuid: 'grades', options: ['good', 'fair', 'poor'].map((uuid, i) => ({ uuid, label: uuid, score: 2 - i })) };

function questionOf(i: number, photos: number): ItemSpec {
  if (i < photos) return { id: `photo${i}`, type: 'photo' };
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

/** An API call of the signed-in session answering `{data}`; throws on an error status. */
export async function call<T = { id: string }>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
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
async function photo(i: number, side: number): Promise<Buffer> {
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

/** Publishes the template, starts an inspection of it, uploads the photos and saves every answer. */
export async function buildLargeReport(session: Session, options: LargeReportOptions): Promise<LargeReport> {
  const { answers, photos, photoSide } = options;
  const pages: ItemSpec[] = [];
  for (let start = 0; start < answers; start += 50) {
    pages.push({
      id: `page${start / 50}`,
      type: 'page',
      children: Array.from({ length: Math.min(50, answers - start) }, (_, i) => questionOf(start + i, photos)),
    });
  }
  const document = buildDocument(pages, { responses: [GRADES] });
  const template = await call(session, 'POST', '/api/checklist/template/new', { title: 'Large report' });
  const draft = await call<Record<string, unknown> & { revision: number }>(session, 'GET', `/api/checklist/template/${template.id}`);
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...fields } = draft;
  const saved = await call<{ revision: number }>(session, 'POST', `/api/checklist/template/${template.id}`, {
    ...fields,
    items: document.items,
    responses: document.responses,
    revision: draft.revision,
  });
  await call(session, 'POST', `/api/checklist/template/${template.id}/publish`, { revision: saved.revision });
  const inspection = await call(session, 'POST', '/api/inspections/new', { template_id: template.id });

  let photoBytes = 0;
  const changes: { key: string; answer: { value: unknown } }[] = [];
  for (let i = 0; i < photos; i++) {
    const bytes = await photo(i, photoSide);
    photoBytes += bytes.length;
    changes.push({ key: `photo${i}`, answer: { value: [await upload(session, inspection.id, bytes)] } });
  }
  for (let i = photos; i < answers; i++) changes.push({ key: `q${i}`, answer: { value: valueOf(i) } });
  for (let at = 0; at < changes.length; at += 500) {
    await call(session, 'PUT', `/api/inspections/${inspection.id}/answers`, {
      change_id: randomUUID(),
      changes: changes.slice(at, at + 500),
    });
  }
  if (options.complete) await call(session, 'POST', `/api/inspections/${inspection.id}/finish`, {});
  return { templateId: template.id, inspectionId: inspection.id, photoBytes };
}
