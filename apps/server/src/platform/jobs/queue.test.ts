import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db.ts';
import { createWorker, enqueueJob, type JobHandler, type WorkerOptions } from './queue.ts';

/** A logger that keeps quiet; the worker logs failures at error level. */
const silent = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child() {
    return silent;
  },
} as unknown as WorkerOptions['logger'];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Each test uses its own queue, so jobs of other tests (or files sharing PostgreSQL) are never claimed. */
const uniqueQueue = () => `test.${randomUUID()}`;

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

function worker(handlers: Record<string, JobHandler>, options: Partial<WorkerOptions> = {}) {
  return createWorker(database.db, handlers, { logger: silent, ...options });
}

describe('enqueueJob and drain', () => {
  it('runs a job once with its payload and marks it done', async () => {
    const queue = uniqueQueue();
    const seen: unknown[] = [];
    const id = await enqueueJob(database.db, queue, { greeting: 'hello', n: 3 });
    expect((await jobRow(id)).status).toBe('pending');

    const w = worker({ [queue]: async (payload, job) => void seen.push({ payload, id: job.id, attempts: job.attempts }) });
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { greeting: 'hello', n: 3 }, id, attempts: 1 }]);
    const row = await jobRow(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();

    expect(await w.drain()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('does not run a job before its run_at', async () => {
    const queue = uniqueQueue();
    let runs = 0;
    const id = await enqueueJob(database.db, queue, {}, { runAt: new Date(Date.now() + 60_000) });
    const w = worker({ [queue]: async () => void (runs += 1) });
    expect(await w.drain()).toBe(0);
    expect(runs).toBe(0);
    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    expect(await w.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('leaves jobs of queues it has no handler for', async () => {
    const mine = uniqueQueue();
    const theirs = uniqueQueue();
    const theirId = await enqueueJob(database.db, theirs, {});
    await enqueueJob(database.db, mine, {});
    expect(await worker({ [mine]: async () => undefined }).drain()).toBe(1);
    expect((await jobRow(theirId)).status).toBe('pending');
  });

  it('enqueues in the caller transaction: a rolled-back change leaves no job', async () => {
    const queue = uniqueQueue();
    let id: number | undefined;
    await database.db
      .transaction(async (tx) => {
        id = await enqueueJob(tx, queue, {});
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(id).toBeGreaterThan(0);
    expect(await database.db.select().from(jobs).where(eq(jobs.id, id!))).toEqual([]);
  });
});

describe('retries', () => {
  it('retries a failing job with growing back-off, recording the error, then marks it failed', async () => {
    const queue = uniqueQueue();
    let calls = 0;
    const w = worker(
      {
        [queue]: async () => {
          calls += 1;
          throw new Error(`boom ${calls}`);
        },
      },
      { retryBaseMs: 60_000 },
    );
    const id = await enqueueJob(database.db, queue, {}, { maxAttempts: 3 });

    const before1 = Date.now();
    expect(await w.drain()).toBe(1);
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    const delay1 = first.runAt.getTime() - before1;
    expect(delay1).toBeGreaterThanOrEqual(59_000);
    expect(delay1).toBeLessThanOrEqual(61_000 + 5_000);

    // Not due yet: nothing runs.
    expect(await w.drain()).toBe(0);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    const before2 = Date.now();
    expect(await w.drain()).toBe(1);
    const second = await jobRow(id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, lastError: 'boom 2' });
    const delay2 = second.runAt.getTime() - before2;
    expect(delay2).toBeGreaterThanOrEqual(119_000);
    expect(delay2).toBeGreaterThan(delay1);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    expect(await w.drain()).toBe(1);
    const last = await jobRow(id);
    expect(last).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(last.finishedAt).toBeInstanceOf(Date);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('with no back-off, drains straight through to failed after max_attempts', async () => {
    const queue = uniqueQueue();
    let calls = 0;
    const w = worker(
      {
        [queue]: async () => {
          calls += 1;
          throw new Error('always');
        },
      },
      { retryBaseMs: 0 },
    );
    const id = await enqueueJob(database.db, queue, {}, { maxAttempts: 4 });
    expect(await w.drain()).toBe(4);
    expect(calls).toBe(4);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 4, lastError: 'always' });
  });

  it('succeeds on a later attempt and clears the error', async () => {
    const queue = uniqueQueue();
    let calls = 0;
    const w = worker(
      {
        [queue]: async () => {
          calls += 1;
          if (calls < 2) throw new Error('transient');
        },
      },
      { retryBaseMs: 0 },
    );
    const id = await enqueueJob(database.db, queue, {});
    expect(await w.drain()).toBe(2);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('records a non-Error rejection too', async () => {
    const queue = uniqueQueue();
    const w = worker({ [queue]: () => Promise.reject('plain string') }, { retryBaseMs: 0 });
    const id = await enqueueJob(database.db, queue, {}, { maxAttempts: 1 });
    await w.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', lastError: 'plain string' });
  });
});

describe('concurrency', () => {
  it('never runs the same job twice when two workers drain at once', async () => {
    const queue = uniqueQueue();
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueJob(database.db, queue, { i })));
    const runs = new Map<number, number>();
    const perWorker = [0, 0];
    const handlerFor = (index: number): JobHandler => async (_payload, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      perWorker[index]! += 1;
      // Real work touches the database; give the other worker a chance to claim meanwhile.
      await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [a, b] = await Promise.all([worker({ [queue]: handlerFor(0) }).drain(), worker({ [queue]: handlerFor(1) }).drain()]);
    expect(a + b).toBe(30);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect(perWorker[0]! + perWorker[1]!).toBe(30);
  });
});

describe('stale jobs', () => {
  it('takes again a running job whose worker died, but not one still fresh', async () => {
    const queue = uniqueQueue();
    const staleId = await enqueueJob(database.db, queue, { which: 'stale' });
    const freshId = await enqueueJob(database.db, queue, { which: 'fresh' });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(jobs.id, staleId));
    await database.db.update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date() }).where(eq(jobs.id, freshId));

    const seen: unknown[] = [];
    const w = worker({ [queue]: async (payload) => void seen.push(payload.which) }, { staleAfterMs: 10 * 60_000 });
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual(['stale']);
    expect(await jobRow(staleId)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(freshId)).toMatchObject({ status: 'running', attempts: 1 });
  });
});

describe('start and stop', () => {
  it('polls by itself once started and stops cleanly', async () => {
    const queue = uniqueQueue();
    let runs = 0;
    const w = worker({ [queue]: async () => void (runs += 1) }, { pollIntervalMs: 20 });
    w.start();
    try {
      const id = await enqueueJob(database.db, queue, {});
      const deadline = Date.now() + 10_000;
      while ((await jobRow(id)).status !== 'done' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await jobRow(id)).status).toBe('done');
    } finally {
      await w.stop();
    }
    const after = await enqueueJob(database.db, queue, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await jobRow(after)).status).toBe('pending');
    expect(runs).toBe(1);
  });
});
