import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssetFieldValues } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** What kinds of things a workspace inspects; a type's fields are custom fields of entity `asset_type:<id>`. */
export const assetTypes = pgTable(
  'asset_types',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    name: text('name').notNull(),
    archivedAt: timestampTz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('asset_types_name_idx').on(table.workspaceId, sql`lower(${table.name})`),
  ],
);

/** The things inspected: each of one type, with its type's field values as `{<key>: {value}}`. */
export const assets = pgTable(
  'assets',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    /** The organisation's own identifier, unique in the workspace whatever its case. */
    assetId: text('asset_id').notNull(),
    displayName: text('display_name').notNull(),
    typeId: uuid('type_id').notNull(),
    fields: jsonb('fields').$type<AssetFieldValues>().notNull().default({}),
    archivedAt: timestampTz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('assets_asset_id_idx').on(table.workspaceId, sql`lower(${table.assetId})`),
    index('assets_type_idx').on(table.workspaceId, table.typeId, table.createdAt),
    index('assets_created_idx').on(table.workspaceId, table.createdAt),
    foreignKey({ columns: [table.workspaceId, table.typeId], foreignColumns: [assetTypes.workspaceId, assetTypes.id] }),
  ],
);
