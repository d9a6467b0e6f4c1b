import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomFieldValues } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** Lists of things a checklist question offers (spare parts, rooms); their fields are custom fields of `global_list:<id>`. */
export const globalLists = pgTable(
  'global_lists',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    /** The list's number in the workspace: a checklist's `global_list_id`. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    archivedAt: timestampTz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('global_lists_number_idx').on(table.workspaceId, table.number),
    uniqueIndex('global_lists_name_idx').on(table.workspaceId, sql`lower(${table.name})`),
  ],
);

export const globalListItems = pgTable(
  'global_list_items',
  {
    workspaceId: workspaceId(),
    id: generatedId(),
    listId: uuid('list_id').notNull(),
    displayName: text('display_name').notNull(),
    fields: jsonb('fields').$type<CustomFieldValues>().notNull().default({}),
    archivedAt: timestampTz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('global_list_items_list_idx').on(table.workspaceId, table.listId, table.createdAt),
    foreignKey({ columns: [table.workspaceId, table.listId], foreignColumns: [globalLists.workspaceId, globalLists.id] }).onDelete(
      'cascade',
    ),
  ],
);
