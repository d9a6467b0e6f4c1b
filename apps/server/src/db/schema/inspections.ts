import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InspectionStatus } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { files } from './files.ts';
import { templateVersions } from './templates.ts';
import { workspaces } from './workspaces.ts';

/** The asset an inspection is of, as its asset question answered it (kept if the asset is deleted later). */
export interface InspectionAssetSnapshot {
  id: string;
  asset_id: string;
  display_name: string;
}

/**
 * An inspection: one published template version (pinned: a later edit of the template never
 * changes it) answered by its auditor. The totals are kept here, recomputed by every save, so lists
 * sort and filter on them without reading answers (docs/inspections.md).
 */
export const inspections = pgTable(
  'inspections',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    /** The workspace's running number, unique in it. */
    number: integer('number').notNull(),
    templateId: uuid('template_id').notNull(),
    versionId: uuid('version_id').notNull(),
    title: text('title').notNull(),
    status: text('status').$type<InspectionStatus>().notNull().default('todo'),
    assetId: uuid('asset_id'),
    asset: jsonb('asset').$type<InspectionAssetSnapshot>(),
    /** Who started it and conducts it. No foreign key: an inspection outlives its auditor's account. */
    startedBy: uuid('started_by'),
    scorePoints: doublePrecision('score_points').notNull().default(0),
    maxPoints: doublePrecision('max_points').notNull().default(0),
    /** The percentage, null while nothing is scored. */
    score: doublePrecision('score'),
    failedCount: integer('failed_count').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    issuesCount: integer('issues_count').notNull().default(0),
    /** Repeat instance ids per repeatable item id. */
    instances: jsonb('instances').$type<Record<string, string[]>>().notNull().default({}),
    revision: integer('revision').notNull().default(0),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
    completedAt: timestampTz('completed_at'),
    completedBy: uuid('completed_by'),
    archivedAt: timestampTz('archived_at'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('inspections_number_idx').on(table.workspaceId, table.number),
    index('inspections_started_idx').on(table.workspaceId, table.startedAt),
    index('inspections_template_idx').on(table.workspaceId, table.templateId, table.startedAt),
    index('inspections_asset_idx').on(table.workspaceId, table.assetId, table.startedAt),
    index('inspections_auditor_idx').on(table.workspaceId, table.startedBy, table.startedAt),
    index('inspections_version_idx').on(table.workspaceId, table.versionId),
    foreignKey({
      name: 'inspections_version_fk',
      columns: [table.workspaceId, table.versionId],
      foreignColumns: [templateVersions.workspaceId, templateVersions.id],
    }),
  ],
);

/**
 * The answers of an inspection, one row per answered (or computed) item and repeat instance, typed
 * for SQL: analytics and exports read these, never a document. `value` is the answer as given;
 * `value_number`, `value_text` and `value_choices` hold it again where it is a number, a text or choices.
 */
export const inspectionAnswers = pgTable(
  'inspection_answers',
  {
    workspaceId: workspaceId(),
    inspectionId: uuid('inspection_id').notNull(),
    /** `itemId` or `itemId@instanceId`. */
    answerKey: text('answer_key').notNull(),
    itemId: text('item_id').notNull(),
    /** The repeat instance, '' outside a repeatable. */
    instanceId: text('instance_id').notNull().default(''),
    itemType: text('item_type').notNull(),
    value: jsonb('value'),
    valueNumber: doublePrecision('value_number'),
    valueText: text('value_text'),
    valueChoices: text('value_choices').array(),
    note: text('note'),
    media: jsonb('media').$type<{ id: string; url: string; name?: string; mime?: string }[]>(),
    rating: smallint('rating'),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    failed: boolean('failed').notNull().default(false),
    carriedOver: boolean('carried_over').notNull().default(false),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
    deviceId: text('device_id'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.inspectionId, table.answerKey] }),
    index('inspection_answers_item_idx').on(table.workspaceId, table.itemId),
    foreignKey({
      name: 'inspection_answers_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
  ],
);

/** Saves already applied, by the client's change id: a retried save answers its first result again. */
export const inspectionSaves = pgTable(
  'inspection_saves',
  {
    workspaceId: workspaceId(),
    inspectionId: uuid('inspection_id').notNull(),
    changeId: uuid('change_id').notNull(),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.inspectionId, table.changeId] }),
    foreignKey({
      name: 'inspection_saves_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
  ],
);

/** The files uploaded for an inspection: only these may be placed in its answers, and they go with it. */
export const inspectionMedia = pgTable(
  'inspection_media',
  {
    workspaceId: workspaceId(),
    inspectionId: uuid('inspection_id').notNull(),
    fileId: uuid('file_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.inspectionId, table.fileId] }),
    index('inspection_media_file_idx').on(table.workspaceId, table.fileId),
    foreignKey({
      name: 'inspection_media_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'inspection_media_file_fk',
      columns: [table.workspaceId, table.fileId],
      foreignColumns: [files.workspaceId, files.id],
    }).onDelete('cascade'),
  ],
);
