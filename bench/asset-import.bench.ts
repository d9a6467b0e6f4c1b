/**
 * Issue 14: the asset bulk import end to end, against a server in its own process (its job worker
 * included): xlsx files of BENCH_IMPORT_SIZES rows (default 10,000 and 100,000; asset ID, name and
 * three fields: text, integer, e-mail) posted to `POST /api/assets/bulk-import`, then the import
 * followed with `GET /api/imports/{id}` every 100 ms until it completes. Prints per file: its size,
 * the time to the upload's answer, to the end of the check pass and to completion, and the server's
 * peak RSS growth over the whole import (VmHWM after resetting it through /proc/<pid>/clear_refs,
 * against VmRSS before). Then zip bombs: one refused by the upload's check (its first rows already
 * explode) and one whose first rows are sound (refused by the job): time to refusal. On the embedded
 * database and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { xlsxFile } from '../apps/server/src/platform/spreadsheets/index.ts';
import { minimalXlsx, sheetXml } from '../apps/server/src/test/zip.ts';
import { onEachDatabase, signIn, startServer, stopServer, type Session } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3341);
const PROBE = fileURLToPath(new URL('./support/memory-probe.mjs', import.meta.url));
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '10000,100000').split(',').map(Number);

interface ImportState {
  id: string;
  status: string;
  rows_written: number;
  error_count: number;
  failure: string | null;
}

/** The server's V8 heap and the memory outside it, as its probe reports them. */
function processMemory(server: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve(message as NodeJS.MemoryUsage));
    server.send('memory');
  });
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = `----vigil${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function call<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.base}${path}`, {
    method,
    headers: session.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

async function newType(session: Session, name: string) {
  const type = await call<{ id: string; fields: { key: string }[] }>(session, 'POST', '/api/assets/types/new', {
    name,
    fields: [
      { key: 'new_1', name: 'Serial', field_type: 'text', is_required: true },
      { key: 'new_2', name: 'Capacity', field_type: 'integer' },
      { key: 'new_3', name: 'Contact', field_type: 'email' },
    ],
    order: { new_1: 0, new_2: 1, new_3: 2 },
  });
  const columns = [
    { id: 'asset_id', index: 0 },
    { id: 'display_name', index: 1 },
    ...type.fields.map((field, at) => ({ id: field.key, index: at + 2 })),
  ];
  return { id: type.id, columns };
}

async function assetsFile(rows: number, prefix: string): Promise<Buffer> {
  const table: string[][] = [['Asset ID', 'Name', 'Serial', 'Capacity', 'Contact']];
  for (let n = 0; n < rows; n += 1)
    table.push([
      `${prefix}-${n}`,
      `Extinguisher ${n}, floor ${n % 12}`,
      `SN-${randomBytes(4).toString('hex')}`,
      String(n % 90),
      `shift${n % 7}@example.com`,
    ]);
  return xlsxFile('Assets', table);
}

/** Posts the file; answers the upload's status (and its import, once followed to its end). */
async function importOnce(session: Session, server: ChildProcess, typeId: string, columns: object, name: string, content: Buffer) {
  const { body, type } = multipart({ type_id: typeId, columns: JSON.stringify(columns) }, name, content);
  const pid = server.pid!;
  await new Promise((resolve) => setTimeout(resolve, 300));
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let heapPeak = 0;
  let externalPeak = 0;
  const rssBefore = status(pid, 'VmRSS');
  const started = performance.now();
  const response = await fetch(`${session.base}/api/assets/bulk-import`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': type },
    body,
  });
  const answer = (await response.json()) as { data?: ImportState; message?: string };
  const uploaded = performance.now() - started;
  if (!response.ok || !answer.data) return { status: response.status, message: answer.message ?? '', uploaded, rssBefore };
  let checkedAt = 0;
  let state = answer.data;
  while (!['completed', 'failed', 'cancelled'].includes(state.status)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await call<ImportState>(session, 'GET', `/api/imports/${state.id}`);
    const memory = await processMemory(server);
    heapPeak = Math.max(heapPeak, memory.heapTotal / 1024 / 1024);
    externalPeak = Math.max(externalPeak, memory.external / 1024 / 1024);
    if (!checkedAt && state.status === 'writing') checkedAt = performance.now() - started;
  }
  const finished = performance.now() - started;
  return {
    status: response.status,
    message: '',
    uploaded,
    checkedAt,
    finished,
    state,
    rssBefore,
    rssGrowth: status(pid, 'VmHWM') - rssBefore,
    heapPeak,
    externalPeak,
  };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function benchServer(label: string, env: Record<string, string>, files: { rows: number; content: Buffer }[]) {
  const server = await startServer(PORT, env, { preload: PROBE });
  try {
    const session = await signIn(`http://127.0.0.1:${PORT}`);
    for (const file of files) {
      const { id, columns } = await newType(session, `Bench ${file.rows} ${randomBytes(3).toString('hex')}`);
      const result = await importOnce(session, server, id, columns, `${file.rows}.xlsx`, file.content);
      console.log(
        `| ${label} | ${file.rows.toLocaleString('en')} rows (${(file.content.length / 1024 / 1024).toFixed(1)} MB) | ${result.state?.status ?? result.status} ${result.state?.rows_written ?? ''} | ${result.uploaded.toFixed(0)} | ${result.checkedAt?.toFixed(0) ?? '-'} | ${result.finished?.toFixed(0) ?? '-'} | ${result.rssBefore.toFixed(0)} | ${result.rssGrowth?.toFixed(0) ?? '-'} | ${result.heapPeak?.toFixed(0) ?? '-'} / ${result.externalPeak?.toFixed(0) ?? '-'} | ${load()} |`,
      );
    }
    const { id, columns } = await newType(session, `Bombs ${randomBytes(3).toString('hex')}`);
    // 100 MB of one cell deflating to 100 KB, declared as 1 KB: refused while the upload's first rows are read.
    const early = minimalXlsx(sheetXml([['id']], `<row><c t="inlineStr"><is><t>${'z'.repeat(100_000_000)}</t></is></c></row>`), [], {
      declaredSize: 1024,
    });
    const refused = await importOnce(session, server, id, columns, 'bomb.xlsx', early);
    console.log(
      `| ${label} | zip bomb, explodes at once (${(early.length / 1024).toFixed(0)} KB) | ${refused.status} ${refused.message} | ${refused.uploaded.toFixed(0)} | - | - | - | - | ${load()} |`,
    );
    // Six sound rows first: the upload is accepted, the job refuses the file.
    const rows = [['id', 'name', 'serial'], ...Array.from({ length: 6 }, (_, n) => [`B-${n}`, 'Bomb', 'S'])];
    const late = minimalXlsx(sheetXml(rows, `<row><c t="inlineStr"><is><t>${'z'.repeat(100_000_000)}</t></is></c></row>`), [], {
      declaredSize: 1024,
    });
    const failed = await importOnce(session, server, id, columns, 'late-bomb.xlsx', late);
    console.log(
      `| ${label} | zip bomb after 6 sound rows (${(late.length / 1024).toFixed(0)} KB) | ${failed.state?.status} ${failed.state?.failure} | ${failed.uploaded.toFixed(0)} | - | ${failed.finished?.toFixed(0)} | ${failed.rssBefore.toFixed(0)} | ${failed.rssGrowth?.toFixed(0)} | ${failed.heapPeak?.toFixed(0)} / ${failed.externalPeak?.toFixed(0)} | ${load()} |`,
    );
  } finally {
    await stopServer(server);
  }
}

const files: { rows: number; content: Buffer }[] = [];
for (const rows of SIZES) files.push({ rows, content: await assetsFile(rows, `A${rows}`) });
console.log(
  '| database | file | outcome | upload answered ms | rows checked ms | completed ms | RSS before MB | peak RSS growth MB | peak V8 heap / external MB | load average |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
await onEachDatabase((label, env) => benchServer(label, env, files));
