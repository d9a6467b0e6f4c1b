/**
 * The server under a flood, as `npm start` runs it (its bundle, embedded database unless
 * BENCH_DATABASE_URL is set, on BENCH_DATA_DIR, kept between runs so the database is an existing one):
 * 1. idle RSS and heap after start;
 * 2. a flood of BENCH_CONNECTIONS connections (default 100) on GET /api/user/auth for BENCH_DURATION s
 *    (default 15), while one client asks GET /api/health in a row: its p50/p90/max, and how the flood
 *    was answered (2xx, 503, 429, time-outs);
 * 3. a burst of BENCH_UPLOADS picture uploads (default 40, 4 at a time as UPLOADS_PER_USER allows; 1,000 × 1,000 noise, 3 MB each);
 * 4. RSS and heap right after, then after BENCH_IDLE_SECONDS (default 60) of idleness.
 * Load average is printed beside the figures: on a shared machine it explains most of the spread.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { deflateSync, crc32 } from 'node:zlib';
import autocannon from 'autocannon';
import { percentile, signIn, startServer, stopServer, type Session } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3320);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/vigil-bench-pressure';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const PROBE = fileURLToPath(new URL('./support/memory-probe.mjs', import.meta.url));
const MB = 1024 * 1024;

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

async function memoryOf(server: ChildProcess): Promise<Memory> {
  const answer = new Promise<Memory>((resolve) => server.once('message', (message) => resolve(message as Memory)));
  server.send('memory');
  return answer;
}

/** How many file descriptors the server holds (Linux). */
function openFiles(server: ChildProcess): number {
  return readdirSync(`/proc/${server.pid}/fd`).length;
}

function describe(label: string, memory: Memory, fds: number): string {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return `${label.padEnd(26)} rss ${mb(memory.rss)} MB  heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)} MB  external ${mb(memory.external)} MB  fds ${fds}  load ${load}`;
}

const mb = (bytes: number) => String(Math.round(bytes / MB)).padStart(5);

/** Asks for the health check one after the other until `stop` resolves; latencies in ms, failures counted. */
async function sampleHealth(base: string, stop: Promise<unknown>) {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  void stop.then(() => (stopped = true));
  while (!stopped) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { latencies, failures };
}

async function flood(session: Session) {
  const run = autocannon({
    url: `${session.base}/api/user/auth`,
    headers: { cookie: session.headers.cookie },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 10,
  });
  const health = sampleHealth(session.base, run);
  const result = await run;
  const { latencies, failures } = await health;
  const statuses = new Map(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [Number(status), stats.count ?? 0]));
  return { result, statuses, latencies, failures };
}

/** A PNG of random pixels: it does not compress, so sharp decodes and re-encodes the full size. */
function noisePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((side * 3 + 1) * side);
  for (let row = 0; row < side; row += 1) randomBytes(side * 3).copy(rows, row * (side * 3 + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

async function uploadBurst(session: Session) {
  const image = noisePng(1000);
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < UPLOADS) {
      next += 1;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'noise.png');
      const { ['content-type']: _json, ...headers } = session.headers;
      const response = await fetch(`${session.base}/api/file/upload`, { method: 'POST', headers, body: form });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return statuses;
}

// As `npm start` runs it (package.json), unless the caller sets its own.
const server = await startServer(
  PORT,
  {
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    DATA_DIR,
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  { preload: PROBE },
);
try {
  const base = `http://127.0.0.1:${PORT}`;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const lines = [describe('idle after start', await memoryOf(server), openFiles(server))];
  const session = await signIn(base);

  const { result, statuses, latencies, failures } = await flood(session);
  lines.push(describe('right after the flood', await memoryOf(server), openFiles(server)));
  const uploads = await uploadBurst(session);
  lines.push(describe('right after the uploads', await memoryOf(server), openFiles(server)));
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  lines.push(describe(`idle ${IDLE_SECONDS} s later`, await memoryOf(server), openFiles(server)));

  const counted = (map: Map<number, number>) => [...map].map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`\nFlood: ${CONNECTIONS} connections, ${DURATION_SECONDS} s on GET /api/user/auth`);
  console.log(
    `  answers ${counted(statuses)}; time-outs ${result.timeouts}, errors ${result.errors}; ${Math.round(result.requests.average)} req/s`,
  );
  console.log(`  flood latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms`);
  console.log(
    `  health during the flood: ${latencies.length} answers, p50 ${percentile(latencies, 50).toFixed(0)} ms, p90 ${percentile(latencies, 90).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms, failures ${failures}`,
  );
  console.log(`Uploads: ${UPLOADS} × 3 MB picture, 4 at a time: ${counted(uploads)}`);
  console.log('\nMemory:');
  for (const line of lines) console.log(`  ${line}`);
} finally {
  await stopServer(server);
}
