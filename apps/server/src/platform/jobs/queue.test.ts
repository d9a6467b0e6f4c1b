import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db.ts';
import { deadLetterQueue, enqueueJob, openJobQueue, type JobInfo, type JobQueue, type QueueDefinition } from './queue.ts';

/** The worker logs failures at error level; these tests fail jobs on purpose. */
const quiet = { error: () => undefined };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});

async function open(definitions: QueueDefinition[], options: { pollIntervalSeconds?: number } = {}) {
  const queue = await openJobQueue(database, definitions, { logger: quiet, supervise: false, ...options });
  opened.push(queue);
  return queue;
}

/** Each test uses its own queue, so jobs of other tests are never taken. */
const uniqueQueue = () => `test.${randomUUID()}`;

async function jobOf(queue: JobQueue, name: string, id: string) {
  const [job] = await queue.boss.findJobs(name, { id });
  return job;
}

/** As if the retry delay had passed. */
const makeDue = (name: string) => database.db.execute(sql`update pgboss.job set start_after = now() where name = ${name}`);

describe('enqueueJob and drain', () => {
  it('runs a job once with its payload and completes it', async () => {
    const name = uniqueQueue();
    const seen: Array<{ payload: unknown; job: JobInfo }> = [];
    const queue = await open([{ name, handler: async (payload, job) => void seen.push({ payload, job }) }]);
    const id = (await enqueueJob(database.db, name, { greeting: 'hello', n: 3 }))!;
    expect((await jobOf(queue, name, id)).state).toBe('created');

    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { greeting: 'hello', n: 3 }, job: { id, queue: name, attempt: 1, lastAttempt: false } }]);
    expect((await jobOf(queue, name, id)).state).toBe('completed');
    expect(await queue.drain()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('does not run a job before its start time', async () => {
    const name = uniqueQueue();
    let runs = 0;
    const queue = await open([{ name, handler: async () => void (runs += 1) }]);
    await enqueueJob(database.db, name, {}, { startAfter: new Date(Date.now() + 60_000) });
    expect(await queue.drain()).toBe(0);
    await makeDue(name);
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('enqueues in the caller transaction: a rolled-back change leaves no job, a committed one does', async () => {
    const name = uniqueQueue();
    const queue = await open([{ name, handler: async () => undefined }]);
    let id: string | null = null;
    await database.db
      .transaction(async (tx) => {
        id = await enqueueJob(tx, name, { n: 1 });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.boss.findJobs(name, {})).toEqual([]);
    expect(await queue.drain()).toBe(0);

    await database.db.transaction(async (tx) => {
      await enqueueJob(tx, name, { n: 2 });
    });
    expect((await queue.boss.findJobs(name, {})).map((job) => job.data)).toEqual([{ n: 2 }]);
  });

  it('refuses a queue no open job queue declares', async () => {
    await expect(enqueueJob(database.db, uniqueQueue(), {})).rejects.toThrow(/no open job queue declares/);
  });
});

describe('retries and the dead-letter queue', () => {
  it('retries a failing job with exponential back-off, then moves it to the dead-letter queue', async () => {
    const name = uniqueQueue();
    const attempts: JobInfo[] = [];
    const queue = await open([
      {
        name,
        retryLimit: 2,
        retryDelaySeconds: 60,
        handler: async (_payload, job) => {
          attempts.push(job);
          throw new Error(`boom ${job.attempt}`);
        },
      },
    ]);
    const id = (await enqueueJob(database.db, name, { order: 7 }))!;

    const before1 = Date.now();
    expect(await queue.drain()).toBe(1);
    const first = await jobOf(queue, name, id);
    expect(first).toMatchObject({ state: 'retry', output: { message: 'boom 1' } });
    // retryDelay * 2^n with jitter: the first retry waits 60-120 s, the second 120-240 s.
    const delay1 = first.startAfter.getTime() - before1;
    expect(delay1).toBeGreaterThanOrEqual(59_000);
    expect(delay1).toBeLessThanOrEqual(125_000);
    expect(await queue.drain()).toBe(0);

    await makeDue(name);
    const before2 = Date.now();
    expect(await queue.drain()).toBe(1);
    const second = await jobOf(queue, name, id);
    expect(second).toMatchObject({ state: 'retry', output: { message: 'boom 2' } });
    const delay2 = second.startAfter.getTime() - before2;
    expect(delay2).toBeGreaterThanOrEqual(119_000);
    expect(delay2).toBeLessThanOrEqual(245_000);

    await makeDue(name);
    expect(await queue.drain()).toBe(1);
    expect(await jobOf(queue, name, id)).toMatchObject({ state: 'failed', output: { message: 'boom 3' } });
    expect(attempts.map((job) => [job.attempt, job.lastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);

    await makeDue(name);
    expect(await queue.drain()).toBe(0);
    const dead = await queue.boss.findJobs(deadLetterQueue(name), {});
    expect(dead.map((job) => job.data)).toEqual([{ order: 7 }]);
  });

  it('succeeds on a later attempt', async () => {
    const name = uniqueQueue();
    let calls = 0;
    const queue = await open([
      {
        name,
        handler: async () => {
          calls += 1;
          if (calls < 2) throw new Error('transient');
        },
      },
    ]);
    const id = (await enqueueJob(database.db, name, {}))!;
    await queue.drain();
    await makeDue(name);
    await queue.drain();
    expect(calls).toBe(2);
    expect((await jobOf(queue, name, id)).state).toBe('completed');
    expect(await queue.boss.findJobs(deadLetterQueue(name), {})).toEqual([]);
  });

  it('records a non-Error rejection too', async () => {
    const name = uniqueQueue();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a rejection that is not an Error is the case under test.
    const queue = await open([{ name, retryLimit: 0, handler: () => Promise.reject('plain string') }]);
    const id = (await enqueueJob(database.db, name, {}))!;
    await queue.drain();
    expect(await jobOf(queue, name, id)).toMatchObject({ state: 'failed', output: { message: 'plain string' } });
  });
});

describe('singleton jobs', () => {
  it('adds no second job with the same key while one waits, on a stately queue', async () => {
    const name = uniqueQueue();
    const queue = await open([{ name, policy: 'stately', handler: async () => undefined }]);
    const first = await enqueueJob(database.db, name, { n: 1 }, { singletonKey: 'workspace-1' });
    const second = await enqueueJob(database.db, name, { n: 2 }, { singletonKey: 'workspace-1' });
    const other = await enqueueJob(database.db, name, { n: 3 }, { singletonKey: 'workspace-2' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    expect((await queue.boss.findJobs(name, {})).map((job) => job.data)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(await queue.drain()).toBe(2);
    // Once the first has run, the key is free again.
    expect(await enqueueJob(database.db, name, { n: 4 }, { singletonKey: 'workspace-1' })).toBeTruthy();
  });
});

describe('cron schedules', () => {
  it('registers the schedule of a queue that declares one, once however often it opens', async () => {
    const name = uniqueQueue();
    const definition: QueueDefinition = { name, cron: '*/5 * * * *', handler: async () => undefined };
    await open([definition]);
    const queue = await open([definition]);
    const schedules = (await queue.boss.getSchedules()).filter((schedule) => schedule.name === name);
    expect(schedules).toEqual([expect.objectContaining({ name, cron: '*/5 * * * *', timezone: 'UTC' })]);
  });
});

describe('concurrency', () => {
  it('never runs the same job twice when two workers drain at once', async () => {
    const name = uniqueQueue();
    const runs = new Map<string, number>();
    const handler = async (_payload: unknown, job: JobInfo) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [a, b] = [await open([{ name, handler }]), await open([{ name, handler }])];
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueueJob(database.db, name, { i })));
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(20);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});

describe('start and stop', () => {
  it('polls by itself once started and stops cleanly', async () => {
    const name = uniqueQueue();
    let runs = 0;
    const queue = await open([{ name, handler: async () => void (runs += 1) }], { pollIntervalSeconds: 0.5 });
    await queue.start();
    const id = (await enqueueJob(database.db, name, {}))!;
    const deadline = Date.now() + 15_000;
    while ((await jobOf(queue, name, id)).state !== 'completed' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobOf(queue, name, id)).state).toBe('completed');
    expect(runs).toBe(1);

    await queue.stop();
    opened.splice(opened.indexOf(queue), 1);
    await expect(enqueueJob(database.db, name, {})).rejects.toThrow(/no open job queue declares/);
  });
});
