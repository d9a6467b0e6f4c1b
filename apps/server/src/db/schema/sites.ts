import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { SiteNode } from '@vigil/contracts';
import { assets } from './assets.ts';
import { createdAt, generatedId, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** A tree of places (regions, buildings, floors) as the client edits it: its nodes in one document. */
export const siteStructures = pgTable(
  'site_structures',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    title: text('title').notNull(),
    structure: jsonb('structure').$type<SiteNode[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

/** The site nodes of every structure, one row each, rewritten on save: what the site search reads. */
export const siteStructureSites = pgTable(
  'site_structure_sites',
  {
    workspaceId: workspaceId(),
    structureId: uuid('structure_id').notNull(),
    nodeId: text('node_id').notNull(),
    title: text('title').notNull(),
    /** The ancestors' titles, root first. */
    path: jsonb('path').$type<string[]>().notNull(),
    assetId: uuid('asset_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.structureId, table.nodeId] }),
    index('site_structure_sites_asset_idx').on(table.workspaceId, table.assetId),
    foreignKey({
      columns: [table.workspaceId, table.structureId],
      foreignColumns: [siteStructures.workspaceId, siteStructures.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [table.workspaceId, table.assetId], foreignColumns: [assets.workspaceId, assets.id] }).onDelete('cascade'),
  ],
);
