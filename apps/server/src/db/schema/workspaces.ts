import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AppSettings, Plan } from '@vigil/contracts';
import { createdAt, timestampTz, updatedAt } from './columns.ts';
import { sql } from 'drizzle-orm';

/** The tenant root. A global table: its id is every tenant row's workspace_id. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  branch: text('branch', { enum: ['DE', 'US'] }).notNull(),
  plan: text('plan').$type<Plan>().notNull().default('free'),
  trialPlan: text('trial_plan').$type<Plan>(),
  trialEndsAt: timestampTz('trial_ends_at'),
  appSettings: jsonb('app_settings').$type<AppSettings>().notNull(),
  /** Security setting: every member signs in with a second factor (e-mailed code unless they chose another). */
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
