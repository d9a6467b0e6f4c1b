/** What the benchmarks share: a Vigil server in its own process, a signed-in session, figures. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const BUILD_IF_STALE = fileURLToPath(new URL('../../scripts/build-if-stale.mjs', import.meta.url));
const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/dist/main.mjs', import.meta.url));
const COMPILE_CACHE = fileURLToPath(new URL('../../node_modules/.cache/vigil-server', import.meta.url));
export const BENCH_EMAIL = 'bench@vigil.local';
export const BENCH_PASSWORD = 'bench-password-123';

/**
 * Starts the server as `npm start` does (its bundle, built first if its sources changed, with the same
 * environment) with a demo administrator the benchmark can sign in as; resolves once ready.
 * `preload` is a module loaded into the server first (over an IPC channel, as support/memory-probe.mjs);
 * `nodeArgs` are more options for Node (`--cpu-prof`); BENCH_SERVER_NODE_ARGS adds some to every
 * server a benchmark starts (`--heap-growing-percent=0` to compare V8's own heap growth, ADR 0006).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  options: { preload?: string; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const build = spawnSync(process.execPath, [BUILD_IF_STALE], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const preload = options.preload ? ['--import', options.preload] : [];
  const fromEnvironment = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...fromEnvironment, ...(options.nodeArgs ?? []), ...preload, SERVER_MAIN], {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_ADMIN_EMAIL: BENCH_EMAIL,
      DEMO_ADMIN_PASSWORD: BENCH_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(options.preload ? (['ipc'] as const) : [])],
  });
  // A loaded machine can take minutes to start the server and migrate the embedded database.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 300_000);
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

export interface Session {
  base: string;
  /** Cookies and the anti-forgery header of the signed-in administrator. */
  headers: Record<string, string>;
}

export function signIn(base: string): Promise<Session> {
  return signInAs(base, BENCH_EMAIL, BENCH_PASSWORD);
}

/** Signs in as anyone with a password (the benchmark's demo administrator, or people it created). */
export async function signInAs(base: string, email: string, password: string): Promise<Session> {
  const first = await fetch(`${base}/api/health`);
  const xsrf = cookieOf(first, 'XSRF-TOKEN');
  const token = xsrf.split('=')[1];
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': token },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = cookieOf(response, 'vigil_session');
  // Sign-in answers a new anti-forgery token bound to the session; the anonymous one no longer works.
  const boundXsrf = cookieOf(response, 'XSRF-TOKEN');
  return {
    base,
    headers: { 'content-type': 'application/json', cookie: `${session}; ${boundXsrf}`, 'x-xsrf-token': boundXsrf.split('=')[1] },
  };
}

function cookieOf(response: Response, name: string): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie;
}

/** Empties the PostgreSQL database named by BENCH_DATABASE_URL before a run. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
  await client.end();
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index] * 1000) / 1000;
}

/**
 * Runs `bench` against the embedded database (in a data folder of its own, unless
 * BENCH_SKIP_EMBEDDED=1), then against PostgreSQL when BENCH_DATABASE_URL is set (emptied first);
 * `env` is the server's environment for each.
 */
export async function onEachDatabase(bench: (label: string, env: Record<string, string>) => Promise<void>): Promise<void> {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const runs: { label: string; env: Record<string, string> }[] = [
    ...(process.env.BENCH_SKIP_EMBEDDED === '1' ? [] : [{ label: 'PGlite', env: {} }]),
    ...(postgresUrl ? [{ label: 'PostgreSQL', env: { DATABASE_URL: postgresUrl } }] : []),
  ];
  for (const run of runs) {
    if (run.label === 'PostgreSQL') await emptyPostgres(postgresUrl!);
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
    try {
      await bench(run.label, { ...run.env, DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
