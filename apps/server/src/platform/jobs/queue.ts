import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../../db/schema/index.ts';
import { rowsOf, type Db, type Executor } from '../db.ts';

export type Job = typeof jobs.$inferSelect;
export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job; pass the transaction of the change that causes it so both commit or neither. */
export async function enqueueJob(
  executor: Executor,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await executor
    .insert(jobs)
    .values({ queue, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 })
    .returning({ id: jobs.id });
  return row!.id;
}

export interface WorkerOptions {
  pollIntervalMs?: number;
  /** Base of the exponential retry delay: attempt n waits base * 2^(n-1). */
  retryBaseMs?: number;
  /** A running job whose node died is taken again after this long. */
  staleAfterMs?: number;
  logger: FastifyBaseLogger;
}

/** Polls the job table with FOR UPDATE SKIP LOCKED, so any number of nodes can share it. */
export function createWorker(db: Db, handlers: Record<string, JobHandler>, options: WorkerOptions) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const staleAfterMs = options.staleAfterMs ?? 10 * 60_000;
  const queues = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function claim(): Promise<Job | undefined> {
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', locked_at = now(), attempts = attempts + 1
      where id = (
        select id from ${jobs}
        where queue in (${sql.join(queues.map((queue) => sql`${queue}`), sql`, `)})
          and ((status = 'pending' and run_at <= now())
            or (status = 'running' and locked_at < now() - make_interval(secs => ${staleAfterMs / 1000})))
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id`);
    const id = rowsOf<{ id: number | string }>(result)[0]?.id;
    if (id === undefined) return undefined;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, Number(id)));
    return job;
  }

  async function settle(job: Job, error: unknown): Promise<void> {
    if (error === undefined) {
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lastError: null }).where(eq(jobs.id, job.id));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const exhausted = job.attempts >= job.maxAttempts;
    options.logger.error({ jobId: job.id, queue: job.queue, attempt: job.attempts, err: error }, exhausted ? 'job failed for good' : 'job failed, will retry');
    await db
      .update(jobs)
      .set(
        exhausted
          ? { status: 'failed', lastError: message, finishedAt: new Date() }
          : { status: 'pending', lastError: message, runAt: new Date(Date.now() + retryBaseMs * 2 ** (job.attempts - 1)) },
      )
      .where(eq(jobs.id, job.id));
  }

  /** Runs due jobs until none is left; answers how many ran. */
  async function drain(): Promise<number> {
    let count = 0;
    for (let job = await claim(); job; job = await claim()) {
      const handler = handlers[job.queue]!;
      let failure: unknown;
      try {
        await handler(job.payload, job);
      } catch (error) {
        failure = error ?? new Error('job failed');
      }
      await settle(job, failure);
      count += 1;
    }
    return count;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain()
        .catch((error: unknown) => options.logger.error({ err: error }, 'job worker poll failed'))
        .then(() => undefined)
        .finally(schedule);
    }, pollIntervalMs);
  }

  return {
    drain,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Stops polling and waits for the job in hand to finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
