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
    // The search (GET /assets/search, and a list's search box): three characters or more find the
    // text anywhere through trigrams (pg_trgm); one or two match the start of the asset ID or the
    // name; every answer comes in name order.
    index('assets_search_trgm_idx').using('gin', sql`(${table.assetId} || ' ' || ${table.displayName}) gin_trgm_ops`),
    index('assets_name_idx')
      .on(table.workspaceId, table.displayName, table.id)
      .where(sql`${table.archivedAt} is null`),
    // Whole, not partial: the planner estimates a prefix's matches from these indexes' statistics
    // only then, and with a guess of 0.5 % it read a million names in order for a prefix none had.
    index('assets_name_prefix_idx').on(table.workspaceId, sql`lower(${table.displayName}) text_pattern_ops`),
    index('assets_asset_id_prefix_idx').on(table.workspaceId, sql`lower(${table.assetId}) text_pattern_ops`),
    foreignKey({ columns: [table.workspaceId, table.typeId], foreignColumns: [assetTypes.workspaceId, assetTypes.id] }),
  ],
);
