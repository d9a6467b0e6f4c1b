import {
  IMPORT_FINISHED,
  IMPORT_PREVIEW_ROWS,
  type Import,
  type ImportColumn,
  type ImportPreview,
  type ImportTarget,
  type ImportTargetColumn,
  type Language,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError, fieldErrorsFromIssues, message, notFound, translateMessage, validationFailed, type Message } from '../errors.ts';
import type { UploadSlot } from '../files/index.ts';
import { enqueueJob, type QueueDefinition } from '../jobs/queue.ts';
import type { Database } from '../db.ts';
import { csvFile, isZip, sheetRows, SpreadsheetError, xlsxFile } from '../spreadsheets/index.ts';
import { inWorkspace, type TenantContext } from '../tenancy.ts';
import { findOwnImport, finishImport, insertImport, requestCancel, type ImportState } from './imports.repo.ts';
import { IMPORT_QUEUE, IMPORT_SHEET_LIMITS, importJob } from './runner.ts';
import type { ImportDestination, ImportTargetHandler } from './targets.ts';
import { readSpreadsheetUpload } from './upload.ts';

/** Example values of the sample file's custom-field columns, by field type. */
const FIELD_EXAMPLES: Record<string, [string, string]> = {
  text: ['Blue', 'Green'],
  textarea: ['Checked every month', 'Spare key in the office'],
  email: ['facilities@example.com', 'night.shift@example.com'],
  phone: ['+44 20 7946 0000', '+33 1 23 45 67 89'],
  integer: ['12', '3'],
  decimal: ['4.5', '10'],
};

/** A whole file refused before it is queued, as the field error of `file`. */
const refusedFile = (reason: SpreadsheetError['reason'] | 'empty') => validationFailed({ file: [message(`imports.failure.${reason}`)] });

/** The header and first rows of a spreadsheet (nothing past them is read); refuses a file it cannot read. */
export async function previewOf(buffer: Buffer): Promise<ImportPreview> {
  let header: string[] | undefined;
  const rows: string[][] = [];
  try {
    for await (const { cells } of sheetRows(buffer, IMPORT_SHEET_LIMITS)) {
      if (header === undefined) header = cells;
      else rows.push(cells);
      if (rows.length === IMPORT_PREVIEW_ROWS) break;
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw refusedFile(error.reason);
    throw error;
  }
  if (header === undefined || rows.length === 0) throw refusedFile('empty');
  return { format: isZip(buffer) ? 'xlsx' : 'csv', header, rows };
}

export function toImport(state: ImportState, language: Language): Import {
  return {
    id: state.id,
    target: state.target,
    target_id: state.targetId,
    file_name: state.fileName,
    status: state.status,
    progress: state.progress,
    rows_checked: state.rowsChecked,
    rows_total: state.rowsTotal,
    rows_written: state.rowsWritten,
    error_count: state.errorCount,
    errors: state.errors.map((error) => ({
      row: error.row,
      column: error.column,
      message: translateMessage(error.message as Message, language),
    })),
    failure: state.failure,
    failure_message: state.failure ? translateMessage(message(`imports.failure.${state.failure}`), language) : null,
    cancel_requested: state.cancelRequestedAt !== null,
    created_at: state.createdAt.toISOString(),
    finished_at: state.finishedAt?.toISOString() ?? null,
  };
}

export interface StartImport<Fields> {
  target: ImportTarget;
  /** The text fields sent with the file (columns and the type or list). */
  fields: ZodType<Fields>;
  targetIdOf: (fields: Fields) => string;
}

/**
 * Bulk imports: the modules register what their rows go into, the routes start and follow imports,
 * and the job queue runs them (`queue`).
 */
export function createImports(database: Database, uploadSlot: UploadSlot) {
  const handlers = new Map<string, ImportTargetHandler>();

  async function destination(
    ctx: TenantContext,
    target: ImportTarget,
    targetId: string,
    language: Language = 'en',
  ): Promise<ImportDestination> {
    const handler = handlers.get(target);
    const opened = handler ? await handler.open(ctx, targetId, language) : undefined;
    if (!opened) throw notFound();
    return opened;
  }

  /** Every mapped column must be one of the destination's, and every required one mapped. */
  function checkMapping(columns: readonly ImportColumn[], targetColumns: readonly ImportTargetColumn[]) {
    const known = new Set(targetColumns.map((column) => column.id));
    const mapped = new Set(columns.map((column) => column.id));
    const problems = [
      ...columns.filter((column) => !known.has(column.id)).map((column) => message('imports.column_unknown', { column: column.id })),
      ...targetColumns
        .filter((column) => column.required && !mapped.has(column.id))
        .map((column) => message('imports.column_required', { name: column.title })),
    ];
    if (problems.length > 0) throw validationFailed({ columns: problems });
  }

  return {
    db: database.db,
    queue: { name: IMPORT_QUEUE, handler: importJob(database, handlers), retryLimit: 2, expireInSeconds: 3600 } satisfies QueueDefinition,

    register(handler: ImportTargetHandler) {
      handlers.set(handler.target, handler);
    },

    async columns(ctx: TenantContext, target: ImportTarget, targetId: string, language: Language): Promise<ImportTargetColumn[]> {
      return (await destination(ctx, target, targetId, language)).columns;
    },

    /** The sample file: the columns' titles, then example rows. Every cell is neutralised as in any export. */
    async sample(ctx: TenantContext, target: ImportTarget, targetId: string, format: 'csv' | 'xlsx', language: Language): Promise<Buffer> {
      const { columns, fields, sample } = await destination(ctx, target, targetId, language);
      const types = new Map(fields.map((field) => [field.key, field.field_type]));
      const rows = sample.map((example, at) =>
        columns.map((column) => example[column.id] ?? FIELD_EXAMPLES[types.get(column.id) ?? 'text']?.[at % 2] ?? ''),
      );
      const table = [columns.map((column) => column.title), ...rows];
      return format === 'csv' ? csvFile(table) : xlsxFile('Import', table);
    },

    async preview(request: FastifyRequest): Promise<ImportPreview> {
      const { file } = await uploadSlot(request, () => readSpreadsheetUpload(request));
      return previewOf(file.buffer);
    },

    /**
     * POST …/bulk-import: the fields and the mapping are checked, the file is read as far as its first
     * rows (a file that cannot be read is refused here, not in the job), then the import is queued.
     */
    async start<Fields extends { columns: ImportColumn[] }>(request: FastifyRequest, spec: StartImport<Fields>): Promise<Import> {
      // The upload is read whole before a transaction opens: a slow client holds no connection.
      const { file, fields } = await uploadSlot(request, () => readSpreadsheetUpload(request));
      const parsed = spec.fields.safeParse(fields);
      if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
      const targetId = spec.targetIdOf(parsed.data);
      await previewOf(file.buffer);
      return inWorkspace(database.db, request.auth!, async (ctx) => {
        checkMapping(parsed.data.columns, (await destination(ctx, spec.target, targetId)).columns);
        const state = await insertImport(ctx, {
          target: spec.target,
          targetId,
          fileName: file.name.slice(0, 255),
          file: file.buffer,
          columns: parsed.data.columns,
        });
        await enqueueJob(ctx.tx, IMPORT_QUEUE, { workspaceId: ctx.workspaceId, importId: state.id });
        return toImport(state, request.language);
      });
    },

    async find(ctx: TenantContext, id: string, language: Language): Promise<Import> {
      const state = await findOwnImport(ctx, id);
      if (!state) throw notFound();
      return toImport(state, language);
    },

    /** Asks the job to stop; an import still waiting for it stops at once. */
    async cancel(ctx: TenantContext, id: string, language: Language): Promise<Import> {
      const state = await findOwnImport(ctx, id);
      if (!state) throw notFound();
      if (IMPORT_FINISHED.includes(state.status)) throw new AppError(409, '_CONFLICT', 'imports.finished');
      await requestCancel(ctx, id);
      if (state.status === 'queued') await finishImport(ctx.tx, { workspaceId: ctx.workspaceId, id }, { status: 'cancelled' });
      return toImport((await findOwnImport(ctx, id))!, language);
    },
  };
}

export type Imports = ReturnType<typeof createImports>;
