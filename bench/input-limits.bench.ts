/**
 * Issue 11.7 as an attacker runs it, against a real listening server (its own process): an autosave
 * whose `items` is a 1,000,000-entry array (about 2 MB), first alone, then eight at once while a
 * second client polls `/api/health`. Prints the time to refuse, the answer's status and size, the
 * server's resident memory (RSS, from /proc) before and after and its peak, and the health check's
 * latency while the attack is in flight. Then the same for two neighbours of the attack: a
 * collection just over its business limit (10,001 items) and 5,000 invalid items (capped errors).
 * On the embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL (emptied first).
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emptyPostgres, percentile, signIn, startServer, stopServer, type Session } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3367);
const CONCURRENT = Number(process.env.BENCH_ATTACKERS ?? 8);
const HEALTH_EVERY_MS = 50;

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function createTemplate(session: Session): Promise<string> {
  const response = await fetch(`${session.base}/api/checklist/template/new`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({ title: 'Attack target' }),
  });
  if (!response.ok) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function send(session: Session, id: string, body: string): Promise<{ ms: number; status: number; bytes: number; code: string }> {
  const start = performance.now();
  const response = await fetch(`${session.base}/api/checklist/template/${id}`, { method: 'POST', headers: session.headers, body });
  const text = await response.text();
  const code = (() => {
    try {
      return String((JSON.parse(text) as { code?: string }).code ?? '');
    } catch {
      return '';
    }
  })();
  return { ms: Math.round(performance.now() - start), status: response.status, bytes: Buffer.byteLength(text), code };
}

/** Polls `/api/health` until `until` settles; the latencies of the polls. */
async function pollHealth(base: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const start = performance.now();
    await fetch(`${base}/api/health`).then((response) => response.text());
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return latencies;
}

const ATTACK = `{"revision":0,"title":"Attack","items":[${Array(1_000_000).fill(0).join(',')}]}`;
const OVER_LIMIT = JSON.stringify({
  revision: 0,
  title: 'Over',
  items: Array.from({ length: 10_001 }, (_, index) => ({ id: `q${index}`, type: 'text' })),
});
const INVALID = JSON.stringify({ revision: 0, title: 'Invalid', items: Array(5_000).fill({ title: 1 }) });

async function benchServer(database: string, env: Record<string, string>): Promise<Record<string, string | number>[]> {
  const server = await startServer(PORT, env);
  const pid = server.pid!;
  const rows: Record<string, string | number>[] = [];
  try {
    const session = await signIn(`http://127.0.0.1:${PORT}`);
    const id = await createTemplate(session);
    const base = await pollHealth(session.base, new Promise((resolve) => setTimeout(resolve, 1_000)));
    for (const [name, body] of [
      ['1,000,000-entry items', ATTACK],
      ['10,001 items', OVER_LIMIT],
      ['5,000 invalid items', INVALID],
    ] as const) {
      await send(session, id, body); // warm-up
      const before = memoryOf(pid);
      const alone = await send(session, id, body);
      const afterOne = memoryOf(pid);
      const started = performance.now();
      const attack = Promise.all(Array.from({ length: CONCURRENT }, () => send(session, id, body)));
      const health = await pollHealth(session.base, attack);
      const together = await attack;
      const wall = Math.round(performance.now() - started);
      const after = memoryOf(pid);
      rows.push({
        database,
        case: `${name} (${Math.round(body.length / 1024)} KB)`,
        answer: `${alone.status} ${alone.code}`,
        'refuse ms': alone.ms,
        'answer bytes': alone.bytes,
        'RSS before MB': before.rss,
        'RSS after one MB': afterOne.rss,
        [`${CONCURRENT} at once: wall ms`]: wall,
        'slowest of them ms': Math.max(...together.map((result) => result.ms)),
        'RSS after MB': after.rss,
        'peak RSS MB': after.peak,
        'health idle p50 ms': percentile(base, 50),
        'health p50 ms': percentile(health, 50),
        'health max ms': Math.round(Math.max(...health)),
      });
    }
    return rows;
  } finally {
    await stopServer(server);
  }
}

const results: Record<string, string | number>[] = [];
if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    results.push(...(await benchServer('PGlite (embedded)', { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  await emptyPostgres(postgresUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    results.push(...(await benchServer('PostgreSQL', { DATABASE_URL: postgresUrl, DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
}
console.log(
  `\nAutosave attacks (issue 11.7): one request alone, then ${CONCURRENT} at once while /api/health is polled every ${HEALTH_EVERY_MS} ms`,
);
console.table(results);
