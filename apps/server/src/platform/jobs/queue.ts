import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type DrizzleTransactionLike, type JobWithMetadata } from 'pg-boss';
import type { Database, Executor } from '../db.ts';

export interface JobInfo {
  id: string;
  queue: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** Whether a failure now sends the job to the dead-letter queue instead of retrying it. */
  lastAttempt: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

/** A queue the application declares, with what happens when its jobs fail. */
export interface QueueDefinition {
  name: string;
  handler: JobHandler;
  /** Retries after the first attempt; then the job moves to the dead-letter queue `<name>.dead`. */
  retryLimit?: number;
  /** The first retry waits this long; each next one twice as long (with jitter), up to retryDelayMaxSeconds. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** A job running longer is taken as lost (its worker died) and retried. */
  expireInSeconds?: number;
  /** `stately`: at most one waiting and one running job per singleton key. */
  policy?: 'standard' | 'stately';
  /** Enqueues an empty job on this cron schedule (UTC), once across every server. */
  cron?: string;
}

const QUEUE_DEFAULTS = { retryLimit: 4, retryDelaySeconds: 5, retryDelayMaxSeconds: 3600, expireInSeconds: 300 };

export const deadLetterQueue = (queue: string) => `${queue}.dead`;

export interface EnqueueOptions {
  startAfter?: Date;
  /** With a `stately` queue: a job with the same key already waiting makes this one a no-op (answers null). */
  singletonKey?: string;
}

/**
 * The open job queues of this process. pg-boss writes a job with the SQL and queue settings of an
 * open instance; the insert itself goes through the caller's executor, so it lands in the caller's
 * database and transaction. Callers (queueMail) therefore need no handle, only the queue's name.
 */
const openQueues: JobQueue[] = [];

/** Adds a job; pass the transaction of the change that causes it so both commit or neither. */
export async function enqueueJob(
  executor: Executor,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const owner = openQueues.findLast((candidate) => candidate.declares(queue));
  if (!owner) throw new Error(`no open job queue declares ${queue}`);
  // Both drivers answer a raw statement with `{ rows }`, which is what pg-boss reads.
  return owner.boss.send(queue, payload, { ...options, db: fromDrizzle(executor as unknown as DrizzleTransactionLike, sql) });
}

export interface JobQueueOptions {
  logger: Pick<FastifyBaseLogger, 'error'>;
  pollIntervalSeconds?: number;
  /** Whether this process runs the cron schedules and pg-boss's maintenance (time-outs, clean-up). */
  supervise?: boolean;
}

export interface JobQueue {
  boss: PgBoss;
  declares(queue: string): boolean;
  /** Runs due jobs until none is left; answers how many ran. */
  drain(): Promise<number>;
  /** Starts polling every queue for due jobs. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for those in hand (up to 30 s), and closes pg-boss's connections. */
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's database: creates or upgrades its schema (`pgboss`), declares the
 * queues with their dead-letter queues and schedules. Jobs can be enqueued once it is open; they run
 * once `start` is called (or `drain`, which runs due jobs in the caller's time, for tests).
 */
export async function openJobQueue(database: Database, definitions: QueueDefinition[], options: JobQueueOptions): Promise<JobQueue> {
  const connection = database.jobsConnection;
  const supervise = options.supervise ?? true;
  const boss = new PgBoss({
    ...('pglite' in connection
      ? { db: fromPglite(connection.pglite), backend: 'pglite' as const }
      : { connectionString: connection.url, max: 3 }),
    supervise,
    schedule: supervise,
    registerInstance: false,
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const definition of definitions) {
    const dead = deadLetterQueue(definition.name);
    await boss.createQueue(dead, { retentionSeconds: 30 * 86_400, deleteAfterSeconds: 30 * 86_400 });
    const settings = {
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit ?? QUEUE_DEFAULTS.retryLimit,
      retryDelay: definition.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelaySeconds,
      retryDelayMax: definition.retryDelayMaxSeconds ?? QUEUE_DEFAULTS.retryDelayMaxSeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds,
      deadLetter: dead,
    };
    if (await boss.getQueue(definition.name)) {
      const { policy: _fixedAtCreation, ...changeable } = settings;
      await boss.updateQueue(definition.name, changeable);
    } else {
      await boss.createQueue(definition.name, settings);
    }
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
  }

  const handlers = new Map(definitions.map((definition) => [definition.name, definition.handler]));
  let working = false;

  async function run(job: JobWithMetadata<Record<string, unknown>>): Promise<void> {
    const info = { id: job.id, queue: job.name, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit };
    try {
      await handlers.get(job.name)!(job.data ?? {}, info);
    } catch (error) {
      const { logger } = options;
      logger.error(
        { jobId: job.id, queue: job.name, attempt: info.attempt, err: error },
        info.lastAttempt ? 'job failed for good' : 'job failed, will retry',
      );
      throw error;
    }
  }

  const queue: JobQueue = {
    boss,
    declares: (name) => handlers.has(name),
    async drain(): Promise<number> {
      let count = 0;
      for (let ran = true; ran;) {
        ran = false;
        for (const name of handlers.keys()) {
          const [job] = await boss.fetch<Record<string, unknown>>(name, { includeMetadata: true });
          if (!job) continue;
          ran = true;
          count += 1;
          try {
            await run(job);
            await boss.complete(name, job);
          } catch (error) {
            await boss.fail(name, job, error instanceof Error ? error : { message: String(error) });
          }
        }
      }
      return count;
    },
    async start(): Promise<void> {
      if (working) return;
      working = true;
      const pollingIntervalSeconds = options.pollIntervalSeconds ?? 1;
      for (const name of handlers.keys()) {
        await boss.work(name, { pollingIntervalSeconds, includeMetadata: true }, ([job]: Array<JobWithMetadata<Record<string, unknown>>>) =>
          run(job),
        );
      }
    },
    async stop(): Promise<void> {
      openQueues.splice(openQueues.indexOf(queue), 1);
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
  openQueues.push(queue);
  return queue;
}
