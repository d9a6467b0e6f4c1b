import { boolean, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomFieldType } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** Custom-field definitions per workspace and entity (an assignment form, an asset type, a global list ...). */
export const customFields = pgTable(
  'custom_fields',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    /** What the fields belong to, e.g. `asset_type:<id>`, `global_list:<id>`, `assignment`. */
    entity: text('entity').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    fieldType: text('field_type').$type<CustomFieldType>().notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    isUsed: boolean('is_used').notNull().default(true),
    isLocked: boolean('is_locked').notNull().default(false),
    defaultValue: jsonb('default_value').$type<{ value: unknown } | null>(),
    config: jsonb('config').$type<unknown[] | Record<string, unknown>>().notNull().default([]),
    position: integer('position').notNull().default(0),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('custom_fields_entity_key_idx').on(table.workspaceId, table.entity, table.key),
  ],
);
