/// <reference lib="dom" />
/**
 * Where the builder's time goes, for the speed work behind `builder.bench.ts`: opens the
 * 2,000-question fixture once cold with a CPU profile (Chrome DevTools protocol sampling profiler)
 * and the scripts it loads, then types `BENCH_KEYS` keys in a question title with a second profile.
 * Prints each profile's self time grouped by function and by file, and the scripts loaded until the
 * builder is interactive (size, start and end). `BENCH_PROFILE_DIR` keeps the `.cpuprofile` files
 * (open them in Chromium's DevTools). Then, without the profiler, the main thread's CPU time of warm
 * opens and of typing, from trace events' thread durations: on a machine shared with other work these
 * grow far less than wall-clock times, so they compare two builds run back to back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from 'playwright';
import { openBuilderContext } from './support/builder.ts';
import { printProfileSummary } from './support/cpu-profile.ts';

const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/** The renderer main thread's CPU time (sum of its top-level tasks' thread durations) while `run` runs. */
async function mainThreadCpu<T>(cdp: CDPSession, run: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  const result = await run();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events
    .filter(
      (e) =>
        main.has(`${e.pid}:${e.tid}`) &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let end = -1;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous task
    cpu += task.tdur! / 1000;
    end = task.ts + (task.dur ?? 0);
  }
  return { result, cpu };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

async function profiled<T>(cdp: CDPSession, name: string, run: () => Promise<T>): Promise<T> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = await cdp.send('Profiler.stop');
  console.log();
  printProfileSummary(name, profile, { rows: [15, 40, 60], dir: PROFILE_DIR });
  return result;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
console.log(`load average at start: ${load()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-profile-builder-'));
const builder = await openBuilderContext(dataDir);
try {
  const { page, open, typeInTitle } = builder;
  const cdp = await page.context().newCDPSession(page);
  const opened = await profiled(cdp, 'open-cold', () => open());
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js') || entry.name.includes('/api/'))
      .map((entry) => ({
        name: entry.name.replace(/^.*\//, ''),
        size: entry.encodedBodySize,
        decoded: entry.decodedBodySize,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
  );
  console.log(`\nopen (cold): interactive at ${opened.interactive.toFixed(0)} ms; resources:`);
  for (const s of scripts)
    console.log(
      `  ${s.start.toFixed(0).padStart(6)}-${s.end.toFixed(0).padEnd(6)} ${(s.decoded / 1024).toFixed(1).padStart(7)} KB  ${s.name}`,
    );
  console.log(
    `  scripts: ${scripts.filter((s) => s.name.endsWith('.js')).length}, ${(scripts.reduce((a, s) => a + (s.name.endsWith('.js') ? s.decoded : 0), 0) / 1024).toFixed(0)} KB decoded`,
  );
  await profiled(cdp, 'open-warm', () => open());
  const keys = await profiled(cdp, 'typing', () => typeInTitle(3, KEYS));
  const sorted = [...keys.afterPaint].sort((a, b) => a - b);
  console.log(
    `\ntyping: ${KEYS} keys, key to paint median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) warm.push((await mainThreadCpu(cdp, () => open())).cpu);
  const typing = await mainThreadCpu(cdp, () => typeInTitle(3, KEYS));
  console.log(
    `main-thread CPU ms, 3 warm opens: ${warm.map((ms) => ms.toFixed(0)).join(', ')}; typing ${KEYS} keys (with the click and the saves): ${typing.cpu.toFixed(0)}, ${(typing.cpu / KEYS).toFixed(1)} per key`,
  );
} finally {
  await builder.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`load average at the end: ${load()}`);
}
