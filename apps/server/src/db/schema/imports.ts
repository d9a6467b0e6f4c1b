import { customType, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import type { ImportColumn, ImportFailure, ImportStatus, ImportTarget } from '@vigil/contracts';
import { createdAt, generatedId, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A row error as the job found it: the message is put into words when someone reads it. */
export interface StoredRowError {
  row: number;
  column: string | null;
  message: { key: string; params?: Record<string, string | number> };
}

/**
 * A bulk import (platform/imports): the uploaded file waits here for the job that checks and writes
 * it, and is dropped once the import is finished. Only the person who started it reads it.
 */
export const imports = pgTable(
  'imports',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    target: text('target').$type<ImportTarget>().notNull(),
    targetId: uuid('target_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    fileName: text('file_name').notNull(),
    file: bytea('file'),
    columns: jsonb('columns').$type<ImportColumn[]>().notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    rowsChecked: integer('rows_checked').notNull().default(0),
    rowsTotal: integer('rows_total'),
    rowsWritten: integer('rows_written').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<StoredRowError[]>().notNull().default([]),
    failure: text('failure').$type<ImportFailure>(),
    cancelRequestedAt: timestampTz('cancel_requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('imports_created_by_idx').on(table.workspaceId, table.createdBy),
  ],
);
