import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/** The job queue, polled with FOR UPDATE SKIP LOCKED by every app node. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    lockedAt: timestampTz('locked_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (table) => [index('jobs_due_idx').on(table.status, table.runAt).where(sql`status = 'pending'`)],
);

export const MAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;

/** Transactional e-mail outbox: a mail is written with the change that causes it, then delivered by a job. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
  messageId: text('message_id'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: timestampTz('sent_at'),
});

/** Failed sign-in counters per account and per address; rows expire by time, never lock for good. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestampTz('window_started_at').notNull().defaultNow(),
  blockedUntil: timestampTz('blocked_until'),
});
