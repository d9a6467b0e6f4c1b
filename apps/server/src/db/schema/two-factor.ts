import { TWO_FACTOR_METHODS } from '@vigil/contracts';
import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A person's second factor (global, like the person). `method` null means off. Authenticator
 * secrets are encrypted at rest; `totpLastStep` is the last 30-second step accepted, so the same
 * code cannot be used twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: TWO_FACTOR_METHODS }),
  totpSecret: text('totp_secret'),
  pendingTotpSecret: text('pending_totp_secret'),
  pendingTotpStartedAt: timestampTz('pending_totp_started_at'),
  totpLastStep: integer('totp_last_step'),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, stored as keyed hashes; each replaces an authenticator code once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId)],
);

/**
 * A sign-in waiting for its second factor, created by a correct password. The id is the SHA-256
 * of the attempt token the browser holds; an e-mailed code is kept only as a keyed hash.
 */
export const twoFactorAttempts = pgTable(
  'two_factor_attempts',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: TWO_FACTOR_METHODS }).notNull(),
    codeHash: text('code_hash'),
    failures: integer('failures').notNull().default(0),
    sends: integer('sends').notNull().default(0),
    lastSentAt: timestampTz('last_sent_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    endedAt: timestampTz('ended_at'),
    createdAt: createdAt(),
  },
  (table) => [index('two_factor_attempts_user_idx').on(table.userId)],
);
