import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** A person. Global (a person may belong to several workspaces through memberships). */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nickName: text('nick_name'),
    avatar: text('avatar'),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    mobile: text('mobile'),
    locale: text('locale').$type<Language>().notNull().default('en'),
    tzCode: text('tz_code'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    passwordHash: text('password_hash'),
    lastWorkspaceId: uuid('last_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('users_last_workspace_idx').on(table.lastWorkspaceId)],
);

export const MEMBERSHIP_STATUSES = ['invited', 'active', 'deactivated'] as const;

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('active'),
    /**
     * The workspace's own names for the member (edit-basic-info, or what the inviter typed while the
     * invitation is open); null shows the person's own. A workspace never writes the `users` row.
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    nickName: text('nick_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] }), index('memberships_user_idx').on(table.userId)],
);

export const roles = pgTable(
  'roles',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    nameLang: jsonb('name_lang').$type<Record<string, string>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    workspaceId: workspaceId(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId, table.roleId] }),
    index('member_roles_role_idx').on(table.workspaceId, table.roleId),
    foreignKey({
      columns: [table.workspaceId, table.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete('cascade'),
    foreignKey({ columns: [table.workspaceId, table.roleId], foreignColumns: [roles.workspaceId, roles.id] }).onDelete('cascade'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentWorkspaceId: uuid('current_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    /** The workspace whose single sign-on opened this session; null for a password sign-in. */
    ssoWorkspaceId: uuid('sso_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_current_workspace_idx').on(table.currentWorkspaceId),
    index('sessions_sso_workspace_idx').on(table.ssoWorkspaceId),
  ],
);
