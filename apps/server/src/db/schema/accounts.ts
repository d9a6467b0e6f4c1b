import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';
import { users } from './users.ts';

export const ACCOUNT_TOKEN_PURPOSES = ['register', 'reset', 'invite'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by mail (registration, password reset, invitation). Global: a
 * registration precedes its workspace. Only the SHA-256 of the token is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('account_tokens_email_idx').on(table.email, table.purpose), index('account_tokens_user_idx').on(table.userId)],
);

/** The hashes of a person's recent passwords, newest last, so a new one can differ from the previous five. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('password_history_user_idx').on(table.userId, table.createdAt)],
);
