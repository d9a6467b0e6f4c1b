/**
 * Throughput and tail latency of GET /api/user/auth (the call every screen makes first),
 * on the embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 * The server runs as its own process, as in production; autocannon drives it over loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const SERVER_MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const EMAIL = 'bench@vigil.local';
const PASSWORD = 'bench-password-123';
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DEMO_ADMIN_EMAIL: EMAIL, DEMO_ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

async function signIn(base: string): Promise<string> {
  const first = await fetch(`${base}/api/health`);
  const xsrf = first.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('XSRF-TOKEN='))!;
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.split('=')[1]! },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('vigil_session='))!;
  return `${session}; ${xsrf}`;
}

async function measure(database: string, port: number, env: Record<string, string>): Promise<Figures> {
  const server = await startServer(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base);
    const result = await autocannon({
      url: `${base}/api/user/auth`,
      headers: { cookie },
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    return {
      database,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
  await client.end();
}

const results: Figures[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
try {
  results.push(await measure('PGlite (embedded)', 3301, { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  await emptyPostgres(postgresUrl);
  const pgDataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    results.push(await measure('PostgreSQL', 3302, { DATABASE_URL: postgresUrl, DATA_DIR: pgDataDir }));
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
}

console.log(`\nGET /api/user/auth — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
console.table(
  results.map((r) => ({ database: r.database, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors })),
);
