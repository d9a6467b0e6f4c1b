import { foreignKey, index, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, updatedAt, workspaceId } from './columns.ts';
import { memberships } from './users.ts';
import { workspaces } from './workspaces.ts';

/** A named set of members (assignments go to users and groups). */
export const groups = pgTable(
  'groups',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    nameLang: jsonb('name_lang').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const groupMembers = pgTable(
  'group_members',
  {
    workspaceId: workspaceId(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.groupId, table.userId] }),
    index('group_members_user_idx').on(table.workspaceId, table.userId),
    foreignKey({ columns: [table.workspaceId, table.groupId], foreignColumns: [groups.workspaceId, groups.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.workspaceId, table.userId], foreignColumns: [memberships.workspaceId, memberships.userId] }).onDelete(
      'cascade',
    ),
  ],
);
