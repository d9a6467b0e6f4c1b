import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  type IndexBuilder,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { TemplateDocument } from '@vigil/checklist';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/** A folder of the template list; folders nest through parent_id (null: top level). */
export const templateFolders = pgTable(
  'template_folders',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('template_folders_parent_idx').on(table.workspaceId, table.parentId),
    foreignKey({
      name: 'template_folders_parent_fk',
      columns: [table.workspaceId, table.parentId],
      foreignColumns: [table.workspaceId, table.id],
    }).onDelete('restrict'),
  ],
);

/**
 * A template and its working draft. `document` is the draft as last autosaved (repeatables
 * wrapped); `revision` grows by one on every save and guards against lost updates.
 */
export const templates = pgTable(
  'templates',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    parentId: uuid('parent_id'),
    title: text('title').notNull(),
    description: text('description'),
    language: text('language').notNull().default('en'),
    document: jsonb('document').$type<TemplateDocument>().notNull(),
    revision: integer('revision').notNull().default(0),
    hasDraft: boolean('has_draft').notNull().default(true),
    needMergeRequest: boolean('need_merge_request').notNull().default(false),
    published: boolean('published').notNull().default(false),
    containsAsset: boolean('contains_asset').notNull().default(false),
    hasDraftTranslations: boolean('has_draft_translations').notNull().default(false),
    latestVersionId: uuid('latest_version_id'),
    archivedAt: timestampTz('archived_at'),
    /** Deleted templates stay as rows so their published versions, which inspections pin, stay readable. */
    deletedAt: timestampTz('deleted_at'),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('templates_parent_idx').on(table.workspaceId, table.parentId),
    index('templates_title_idx').on(table.workspaceId, table.title),
    // The templates list pages the listed (live, not archived) templates outside any folder in the
    // order of its sorts, so a page reads its rows in order instead of sorting the whole workspace
    // (issue 12.11). Partial on `parent_id is null`: PostgreSQL does not take `is null` for an
    // equality, so an index with parent_id as a column would not give the order.
    topLevelIndex(table, 'templates_top_title_idx', sql`lower(${table.title})`),
    topLevelIndex(table, 'templates_top_created_idx', table.createdAt),
    topLevelIndex(table, 'templates_top_updated_idx', table.updatedAt),
    foreignKey({
      name: 'templates_parent_fk',
      columns: [table.workspaceId, table.parentId],
      foreignColumns: [templateFolders.workspaceId, templateFolders.id],
    }).onDelete('restrict'),
  ],
);

/** An immutable published snapshot of a template; inspections pin one (ARCHITECTURE.md §6). */
export const templateVersions = pgTable(
  'template_versions',
  {
    workspaceId: workspaceId(),
    id: generatedId(),
    templateId: uuid('template_id').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    revision: integer('revision').notNull(),
    document: jsonb('document').$type<TemplateDocument>().notNull(),
    publishedBy: uuid('published_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    unique('template_versions_number_unique').on(table.workspaceId, table.templateId, table.version),
    foreignKey({
      name: 'template_versions_template_fk',
      columns: [table.workspaceId, table.templateId],
      foreignColumns: [templates.workspaceId, templates.id],
    }).onDelete('cascade'),
  ],
);

/** An index over the listed templates at the top level (in no folder) in one order (see the templates list). */
function topLevelIndex(
  table: Record<'workspaceId' | 'parentId' | 'id' | 'deletedAt' | 'archivedAt', PgColumn>,
  name: string,
  order: SQL | PgColumn,
): IndexBuilder {
  return index(name)
    .on(table.workspaceId, order, table.id)
    .where(sql`${table.parentId} is null and ${table.deletedAt} is null and ${table.archivedAt} is null`);
}

/** A workspace's global response set (spec 2 §3): options with color and score, and per-language options. */
export const globalResponses = pgTable(
  'global_responses',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    name: text('name').notNull(),
    options: jsonb('options').$type<GlobalResponseOptionRow[]>().notNull(),
    optionsLang: jsonb('options_lang').$type<Record<string, GlobalResponseOptionRow[]>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export interface GlobalResponseOptionRow {
  uuid: string;
  label: string;
  color?: string | null;
  score?: number | null;
}

/** A workspace's custom unit (spec 2 §3): name and symbol. */
export const customUnits = pgTable(
  'custom_units',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] }), unique('custom_units_name_unique').on(table.workspaceId, table.name)],
);

/** Checklist rating settings (spec 2 §3): icons (file references), rating and order as JSON. */
export const checklistRatingSettings = pgTable(
  'checklist_rating_settings',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    rating: jsonb('rating').$type<Record<string, unknown>>().notNull(),
    order: jsonb('order').$type<unknown[]>().notNull(),
    icons: jsonb('icons').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);
