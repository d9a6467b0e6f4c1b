/**
 * Throughput and tail latency of GET /api/user/auth (the call every screen makes first),
 * on the embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 * The server runs as its own process, as in production; autocannon drives it over loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { emptyPostgres, signIn, startServer, stopServer } from './support/server.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(database: string, port: number, env: Record<string, string>): Promise<Figures> {
  const server = await startServer(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    const session = await signIn(base);
    const result = await autocannon({
      url: `${base}/api/user/auth`,
      headers: { cookie: session.headers.cookie },
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
    await stopServer(server);
  }
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
