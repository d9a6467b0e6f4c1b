/**
 * `npm start` on an existing data folder, BENCH_STARTS times (default 5): the time from the command to
 * `/api/ready` answering, the server's CPU time by then, and its resident memory once idle, after start
 * and with two people signed in who opened the screens' first lists. The first start creates the data
 * folder (BENCH_DATA_DIR, default /tmp/vigil-bench-start, kept between runs) and is not counted; the
 * builds are brought up to date before timing, so the figures are those of a start that builds nothing.
 * The load average is printed beside each figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BENCH_EMAIL, percentile, signIn, type Session } from './support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/vigil-bench-start';
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASE = `http://127.0.0.1:${PORT}`;
const CLOCK_TICKS_PER_SECOND = 100;

interface Started {
  npm: ChildProcess;
  serverPid: number;
  readyMs: number;
}

const answersReady = () =>
  fetch(`${BASE}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );

async function npmStart(): Promise<Started> {
  if (await answersReady()) throw new Error(`something already answers on port ${PORT}: stop it or set BENCH_PORT`);
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      DEMO_ADMIN_EMAIL: BENCH_EMAIL,
      DEMO_ADMIN_PASSWORD: 'bench-password-123',
      // A shared machine's lag must not shed the two sign-ins the figures need.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '600000',
    },
  });
  for (;;) {
    if (await answersReady()) break;
    if (performance.now() - started > 300_000) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { npm, serverPid: serverPidUnder(npm.pid!), readyMs: performance.now() - started };
}

/** The Node process running the server's bundle among the descendants of `npm start`. */
function serverPidUnder(npmPid: number): number {
  const processes = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args }));
  const descendants = new Set([npmPid]);
  let grew = true;
  while (grew) {
    const before = descendants.size;
    for (const entry of processes) if (descendants.has(entry.ppid)) descendants.add(entry.pid);
    grew = descendants.size > before;
  }
  const server = processes.find((entry) => descendants.has(entry.pid) && entry.args.startsWith('node apps/server/dist/main.mjs'));
  if (!server) throw new Error('the server process was not found under npm start');
  return server.pid;
}

/** Stops the server as a service manager would (SIGTERM), which ends `npm start` with it. */
async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.npm.once('exit', resolve));
  process.kill(started.serverPid, 'SIGTERM');
  await exited;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const idle = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** What a person's first minute asks: who they are, then the templates, people and activity lists. */
async function useTheApp(session: Session): Promise<void> {
  for (const path of ['/api/user/auth', '/api/checklist/template/list', '/api/user/list', '/api/log/activity-log']) {
    const response = await fetch(`${session.base}${path}`, { headers: session.headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  }
}

const build = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/build-if-stale.mjs', import.meta.url))], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed');
await stop(await npmStart());

const readyMs: number[] = [];
for (let run = 1; run <= STARTS; run++) {
  const started = await npmStart();
  try {
    readyMs.push(started.readyMs);
    const cpu = cpuSeconds(started.serverPid);
    await idle(10);
    const afterStart = rssMb(started.serverPid);
    const people = [await signIn(BASE), await signIn(BASE)];
    for (const person of people) await useTheApp(person);
    await idle(10);
    const withPeople = rssMb(started.serverPid);
    console.log(
      `start ${run}: ready in ${Math.round(started.readyMs)} ms (server CPU ${cpu.toFixed(2)} s)  idle RSS ${Math.round(afterStart)} MB, ` +
        `with two people signed in ${Math.round(withPeople)} MB  load ${load()}`,
    );
  } finally {
    await stop(started);
  }
}
console.log(`ready: median ${Math.round(percentile(readyMs, 50))} ms, max ${Math.round(Math.max(...readyMs))} ms over ${STARTS} starts`);
