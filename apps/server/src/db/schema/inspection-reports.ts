import { foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PdfFailure, PdfStatus, StoredAnswer } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, workspaceId } from './columns.ts';
import { files } from './files.ts';
import { inspections } from './inspections.ts';

/**
 * Every answer changed after its inspection was completed (a manager's edit): the answer before and
 * after, who changed it and when. Written by the save itself, in its transaction (docs/inspections.md
 * "History").
 */
export const inspectionAnswerHistory = pgTable(
  'inspection_answer_history',
  {
    workspaceId: workspaceId(),
    id: generatedId(),
    inspectionId: uuid('inspection_id').notNull(),
    answerKey: text('answer_key').notNull(),
    itemId: text('item_id').notNull(),
    /** The repeat instance, '' outside a repeatable. */
    instanceId: text('instance_id').notNull().default(''),
    before: jsonb('before').$type<StoredAnswer>(),
    after: jsonb('after').$type<StoredAnswer>(),
    /** The inspection's revision the save made. */
    revision: integer('revision').notNull(),
    /** No foreign key: the history outlives the account. */
    changedBy: uuid('changed_by'),
    changedAt: timestampTz('changed_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('inspection_answer_history_inspection_idx').on(table.workspaceId, table.inspectionId, table.changedAt),
    foreignKey({
      name: 'inspection_answer_history_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
  ],
);

/** `link`: a share link a manager made; `render`: the short-lived one the PDF job opens the print view with. */
export type InspectionSharePurpose = 'link' | 'render';

/**
 * Share links of an inspection's report. Only the SHA-256 of the token is kept; the token starts with
 * the workspace's id, so a link is found by `(workspace_id, token_hash)` (docs/inspections.md "Shares").
 */
export const inspectionShares = pgTable(
  'inspection_shares',
  {
    workspaceId: workspaceId(),
    id: generatedId(),
    inspectionId: uuid('inspection_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<InspectionSharePurpose>().notNull().default('link'),
    /** No foreign key: a link outlives the account of who made it (until revoked). */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    uniqueIndex('inspection_shares_token_idx').on(table.workspaceId, table.tokenHash),
    index('inspection_shares_inspection_idx').on(table.workspaceId, table.inspectionId, table.createdAt),
    foreignKey({
      name: 'inspection_shares_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
  ],
);

/**
 * PDFs of reports, one row per request: the job's state and progress, and the file once made. A
 * request comes from a member (`requested_by`) or through a share link (`share_id`); only that member
 * or that link reads it. Removed with its file after PDF_KEPT_HOURS.
 */
export const inspectionPdfs = pgTable(
  'inspection_pdfs',
  {
    workspaceId: workspaceId(),
    id: generatedId(),
    inspectionId: uuid('inspection_id').notNull(),
    requestedBy: uuid('requested_by'),
    shareId: uuid('share_id'),
    /** The inspection's revision when asked: a request of the same revision while one is open answers that one. */
    revision: integer('revision').notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status').$type<PdfStatus>().notNull().default('queued'),
    step: text('step').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    failure: text('failure').$type<PdfFailure>(),
    fileId: uuid('file_id'),
    /** The file's download name and size, once made. */
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('inspection_pdfs_inspection_idx').on(table.workspaceId, table.inspectionId, table.createdAt),
    index('inspection_pdfs_share_idx').on(table.workspaceId, table.shareId),
    index('inspection_pdfs_file_idx').on(table.workspaceId, table.fileId),
    foreignKey({
      name: 'inspection_pdfs_inspection_fk',
      columns: [table.workspaceId, table.inspectionId],
      foreignColumns: [inspections.workspaceId, inspections.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'inspection_pdfs_share_fk',
      columns: [table.workspaceId, table.shareId],
      foreignColumns: [inspectionShares.workspaceId, inspectionShares.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'inspection_pdfs_file_fk',
      columns: [table.workspaceId, table.fileId],
      foreignColumns: [files.workspaceId, files.id],
    }).onDelete('cascade'),
  ],
);
