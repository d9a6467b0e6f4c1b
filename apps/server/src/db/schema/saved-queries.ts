import { foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, updatedAt, workspaceId } from './columns.ts';
import { memberships } from './users.ts';
import { workspaces } from './workspaces.ts';

/** A person's saved list queries, per table (spec 3 §3 "Saved query"). */
export const savedQueries = pgTable(
  'saved_queries',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    userId: uuid('user_id').notNull(),
    tableName: text('table_name').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    queryString: text('query_string').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('saved_queries_user_table_key_idx').on(table.workspaceId, table.userId, table.tableName, table.key),
    foreignKey({
      columns: [table.workspaceId, table.userId],
      foreignColumns: [memberships.workspaceId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
