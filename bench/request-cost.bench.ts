/**
 * What one request costs in Vigil against the bare driver (issue 12.10): `GET /api/checklist/template/{id}`
 * served by Vigil and by `support/bare-server.ts` (node:http + `pg`, the same SQL), both in their own
 * process on the same PostgreSQL database, driven in turns by the same autocannon load. Per turn: req/s,
 * p50/p99 and the server process's CPU time per request (from /proc, which the machine's load inflates
 * far less than wall-clock rates). PostgreSQL only (BENCH_DATABASE_URL, emptied first): the bare server
 * cannot open the embedded database while Vigil holds it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { emptyPostgres, signIn, startServer, stopServer } from './support/server.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3331);
const SESSION_IDLE_MINUTES = '720';
const BARE_SERVER = fileURLToPath(new URL('./support/bare-server.ts', import.meta.url));

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (!postgresUrl) {
  console.log('request-cost: not measured (set BENCH_DATABASE_URL to a PostgreSQL database it may empty)');
  process.exit(0);
}

// BENCH_PROFILE_DIR: CPU profiles of both servers over the whole run, written when they stop.
const profileArgs = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function startBare(port: number, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...profileArgs, '--import', 'tsx', BARE_SERVER], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url, SESSION_IDLE_MINUTES },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return child;
}

/** User plus system CPU time of a process so far, in milliseconds (/proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Turn {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
  errors: number;
}

async function drive(url: string, headers: Record<string, string>, pid: number, duration: number): Promise<Turn> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const cpu = cpuMs(pid) - before;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

await emptyPostgres(postgresUrl);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
const vigil = await startServer(
  PORT,
  {
    DATABASE_URL: postgresUrl,
    DATA_DIR: dataDir,
    SESSION_IDLE_MINUTES,
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '100000',
  },
  { nodeArgs: profileArgs },
);
const bare = await startBare(PORT + 1, postgresUrl);
try {
  const session = await signIn(`http://127.0.0.1:${PORT}`);
  const created = await fetch(`${session.base}/api/checklist/template/new`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({ title: 'Request cost' }),
  }).then((response) => response.json() as Promise<{ data: { id: string } }>);
  const path = `/api/checklist/template/${created.data.id}`;
  // A browser sends both cookies; without the anti-forgery one Vigil would issue one on every answer.
  const headers = { cookie: session.headers.cookie };
  const servers = [
    { name: 'Vigil', url: `http://127.0.0.1:${PORT}${path}`, pid: vigil.pid! },
    { name: 'bare pg', url: `http://127.0.0.1:${PORT + 1}${path}`, pid: bare.pid! },
  ];
  for (const server of servers) {
    const response = await fetch(server.url, { headers });
    const body = (await response.json()) as { data?: { id?: string } };
    if (response.status !== 200 || body.data?.id !== created.data.id) throw new Error(`${server.name} answered ${response.status}`);
    await drive(server.url, headers, server.pid, 2); // warm-up: JIT, pool connections, prepared statements
  }

  console.log(`\nGET ${path}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s a turn, ${ROUNDS} rounds; load average at start ${load()}`);
  const rows: Record<string, string | number>[] = [];
  const totals = new Map(servers.map((server) => [server.name, { requests: 0, seconds: 0, cpu: 0 }]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Alternate which goes first, so a change of load between the halves weighs on both alike.
    const order = round % 2 === 1 ? servers : [...servers].reverse();
    const turns = new Map<string, Turn>();
    for (const server of order) turns.set(server.name, await drive(server.url, headers, server.pid, DURATION_SECONDS));
    const [ours, theirs] = [turns.get('Vigil')!, turns.get('bare pg')!];
    for (const [name, turn] of turns) {
      const total = totals.get(name)!;
      total.requests += turn.requestsPerSecond * DURATION_SECONDS;
      total.seconds += DURATION_SECONDS;
      total.cpu += turn.cpuPerRequest * turn.requestsPerSecond * DURATION_SECONDS;
    }
    rows.push({
      round,
      'Vigil req/s': Math.round(ours.requestsPerSecond),
      'bare req/s': Math.round(theirs.requestsPerSecond),
      'rate ratio': round2(ours.requestsPerSecond / theirs.requestsPerSecond),
      'Vigil p50/p99 ms': `${ours.p50}/${ours.p99}`,
      'bare p50/p99 ms': `${theirs.p50}/${theirs.p99}`,
      'Vigil CPU ms/req': round2(ours.cpuPerRequest),
      'bare CPU ms/req': round2(theirs.cpuPerRequest),
      'CPU ratio': round2(ours.cpuPerRequest / theirs.cpuPerRequest),
      errors: ours.errors + theirs.errors,
      load: load(),
    });
  }
  console.table(rows);
  const [ours, theirs] = [totals.get('Vigil')!, totals.get('bare pg')!];
  console.log(
    `All rounds: Vigil ${Math.round(ours.requests / ours.seconds)} req/s, bare ${Math.round(theirs.requests / theirs.seconds)} req/s, ` +
      `ratio ${round2(ours.requests / theirs.requests)} (target >= 0.7); CPU per request ${round2(ours.cpu / ours.requests)} vs ` +
      `${round2(theirs.cpu / theirs.requests)} ms (${round2(ours.cpu / ours.requests / (theirs.cpu / theirs.requests))}x). Load average at end ${load()}`,
  );
} finally {
  bare.kill('SIGTERM');
  await new Promise((resolve) => bare.once('exit', resolve));
  await stopServer(vigil);
  rmSync(dataDir, { recursive: true, force: true });
}
