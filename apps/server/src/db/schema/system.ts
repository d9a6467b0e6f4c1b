import { bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';

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
