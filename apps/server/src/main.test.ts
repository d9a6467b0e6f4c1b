import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Runs the real entry point as an operator would, on an embedded database in a fresh data folder. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const DEMO_EMAIL = 'owner@vigil-main-test.example';
const DEMO_PASSWORD = 'first-start-password-42';
const STARTUP_MS = 50_000;

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

let dataDir: string;
const started: Server[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-main-'));
});
afterAll(() => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never the test PostgreSQL database: this run owns its embedded one.
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'PUBLIC_URL']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_ADMIN_EMAIL: DEMO_EMAIL,
    DEMO_ADMIN_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // Beside other test files on two cores the event loop lags with no flood: no shedding here.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '600000',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: Server = { child, port, output: () => output, exited };
  started.push(server);

  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ready = await request(port, 'GET', '/api/ready').catch(() => undefined);
    if (ready?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${STARTUP_MS} ms:\n${output}`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, method: string, path: string, headers: http.OutgoingHttpHeaders = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => collect(res, resolve, reject));
    req.once('error', reject);
    req.end(body);
  });
}

function collect(res: http.IncomingMessage, resolve: (answer: Answer) => void, reject: (error: Error) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
  res.once('error', reject);
}

/** The anti-forgery cookie a browser would get on its first page. */
async function xsrfToken(port: number): Promise<string> {
  const answer = await request(port, 'GET', '/api/health');
  const cookie = (answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return cookie.split(';')[0].slice('XSRF-TOKEN='.length);
}

async function login(port: number, email: string, password: string): Promise<Answer> {
  const token = await xsrfToken(port);
  return request(
    port,
    'POST',
    '/api/login',
    { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    JSON.stringify({ email, password }),
  );
}

async function waitFor(condition: () => boolean, what: string, server: Server, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('main: start-up and graceful shutdown', () => {
  it('prints the demo credentials on first start and finishes a request in flight on SIGTERM', async () => {
    const server = await startServer();
    expect(server.output()).toContain('Demo workspace created');
    expect(server.output()).toMatch(new RegExp(`e-mail:\\s+${DEMO_EMAIL.replace(/[.]/g, '\\.')}`));
    expect(server.output()).toMatch(new RegExp(`password:\\s+${DEMO_PASSWORD}`));

    // A sign-in whose headers the server has read (it answered 100 Continue) but whose body is still to come.
    const token = await xsrfToken(server.port);
    const body = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/login',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
            cookie: `XSRF-TOKEN=${token}`,
            'x-xsrf-token': token,
          },
        },
        (res) => collect(res, resolve, reject),
      );
      req.once('error', reject);
      req.once('continue', () => {
        server.child.kill('SIGTERM');
        void waitFor(() => server.output().includes('shutting down'), 'the shutdown to begin', server).finally(() => req.end(body));
      });
      req.flushHeaders();
    });

    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).data.userData.email).toBe(DEMO_EMAIL);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/shutdown failed|Vigil failed to start/);
  }, 60_000);

  it('does not print credentials again on the next start, and the same password still signs in', async () => {
    const server = await startServer();
    expect(server.output()).not.toContain('Demo workspace created');
    expect(server.output()).not.toContain(DEMO_PASSWORD);
    const answer = await login(server.port, DEMO_EMAIL, DEMO_PASSWORD);
    expect(answer.status, answer.body).toBe(200);
    // New connections are refused once it has stopped.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(request(server.port, 'GET', '/api/health')).rejects.toThrow();
  }, 60_000);
});
