/**
 * The import job: a first pass checks every row of the file and writes nothing; only a file without
 * a single error gets the second pass, which checks each batch again and writes it, all in one
 * transaction, so a failure or a cancel at any row leaves nothing behind.
 */
import { checkCustomValue, IMPORT_ERRORS_KEPT, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type ImportColumn } from '@vigil/contracts';
import type { StoredRowError } from '../../db/schema/index.ts';
import type { Database, Executor } from '../db.ts';
import { message } from '../errors.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { sheetRows, SpreadsheetError, type SheetLimits } from '../spreadsheets/index.ts';
import type { TenantContext } from '../tenancy.ts';
import { cancelRequested, finishImport, findImportForJob, updateImport, type ImportRow } from './imports.repo.ts';
import type { ImportDestination, ImportTargetHandler, MappedRow, RowProblem } from './targets.ts';

export const IMPORT_QUEUE = 'imports.run';
/** Rows checked (and written) together: one query for the IDs already taken, one insert. */
const BATCH_ROWS = 1000;
/**
 * What an import reads: the header and 100,000 rows of 50 columns, and at most 256 MB of sheet XML
 * (100,000 rows of 20 columns written by Excel unpack to about 70 MB).
 */
export const IMPORT_SHEET_LIMITS: SheetLimits = {
  maxRows: Number.MAX_SAFE_INTEGER,
  maxColumns: IMPORT_MAX_COLUMNS,
  maxSheetBytes: 256 * 1024 * 1024,
};

type Outcome = Parameters<typeof finishImport>[2];

/** Ends the job early with what the import records. */
class ImportStopped extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.status);
  }
}

type ImportKey = { workspaceId: string; id: string };

/** The rows under the header (the first row with content), mapped, in batches, with how much of the file is read. */
async function* mappedBatches(file: Buffer, columns: readonly ImportColumn[]): AsyncGenerator<{ rows: MappedRow[]; read: number }> {
  let header = true;
  let count = 0;
  let batch: MappedRow[] = [];
  let read = 0;
  for await (const sheetRow of sheetRows(file, IMPORT_SHEET_LIMITS)) {
    if (header) {
      header = false;
      continue;
    }
    const values: Record<string, string> = {};
    for (const column of columns) values[column.id] = sheetRow.cells[column.index] ?? '';
    // A row with content only in columns nobody mapped is as good as empty.
    if (Object.values(values).every((value) => value === '')) continue;
    count += 1;
    if (count > IMPORT_MAX_ROWS) throw new SpreadsheetError('too_many_rows');
    batch.push({ row: sheetRow.row, values });
    read = sheetRow.read;
    if (batch.length === BATCH_ROWS) {
      yield { rows: batch, read };
      batch = [];
    }
  }
  if (batch.length > 0) yield { rows: batch, read: 1 };
}

/** Every check of a batch: required columns, custom values as a form checks them, then the destination's own. */
async function checkBatch(destination: ImportDestination, rows: MappedRow[]): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  const required = destination.columns.filter((column) => column.required && column.field_type === null);
  for (const row of rows) {
    for (const column of required)
      if (!row.values[column.id]) problems.push({ row: row.row, column: column.id, message: message('validation.required') });
    for (const field of destination.fields) {
      const problem = checkCustomValue(field, row.values[field.key]);
      if (problem) problems.push({ row: row.row, column: field.key, message: message(problem.key, problem.params) });
    }
  }
  problems.push(...(await destination.check(rows)));
  return problems.sort((a, b) => a.row - b.row);
}

const stored = (problems: RowProblem[]): StoredRowError[] =>
  problems.map(({ row, column, message: text }) => ({ row, column, message: text as StoredRowError['message'] }));

export function importJob(database: Database, handlers: ReadonlyMap<string, ImportTargetHandler>): JobHandler {
  return async (payload, job) => {
    const key: ImportKey = { workspaceId: String(payload.workspaceId), id: String(payload.importId) };
    const found = await findImportForJob(database.db, key.workspaceId, key.id);
    if (!found || found.finishedAt || !found.file) return;
    const handler = handlers.get(found.target);
    if (!handler) throw new Error(`no import target ${found.target}`);
    const importing = { ...found, file: found.file };
    const contextOf = (tx: Executor): TenantContext => ({
      workspaceId: key.workspaceId,
      actor: { userId: importing.createdBy, permissions: new Set() },
      tx,
    });
    try {
      if (importing.cancelRequestedAt) throw new ImportStopped({ status: 'cancelled' });
      const total = await checkPass(database.db, key, importing, handler, contextOf);
      await writePass(database, key, importing, total, handler, contextOf);
    } catch (error) {
      if (error instanceof ImportStopped) await finishImport(database.db, key, error.outcome);
      else if (error instanceof SpreadsheetError) await finishImport(database.db, key, { status: 'failed', failure: error.reason });
      else {
        // Retried by the queue; nothing was written, so the next attempt starts over.
        if (job.lastAttempt) await finishImport(database.db, key, { status: 'failed', failure: 'crashed' });
        throw error;
      }
    }
  };
}

async function openDestination(handler: ImportTargetHandler, ctx: TenantContext, targetId: string) {
  const destination = await handler.open(ctx, targetId, 'en');
  if (!destination) throw new ImportStopped({ status: 'failed', failure: 'target_gone' });
  return destination;
}

/** Checks every row, writing nothing; answers how many rows there are when none has an error. */
async function checkPass(
  db: Executor,
  key: ImportKey,
  importing: ImportRow & { file: Buffer },
  handler: ImportTargetHandler,
  contextOf: (tx: Executor) => TenantContext,
): Promise<number> {
  const destination = await openDestination(handler, contextOf(db), importing.targetId);
  await updateImport(db, key, { status: 'checking', progress: 0, rowsChecked: 0, errorCount: 0, errors: [] });
  let checked = 0;
  let errorCount = 0;
  const kept: StoredRowError[] = [];
  for await (const { rows, read } of mappedBatches(importing.file, importing.columns)) {
    const problems = await checkBatch(destination, rows);
    errorCount += problems.length;
    kept.push(...stored(problems.slice(0, IMPORT_ERRORS_KEPT - kept.length)));
    checked += rows.length;
    await updateImport(db, key, { rowsChecked: checked, progress: read, errorCount });
    if (await cancelRequested(db, key)) throw new ImportStopped({ status: 'cancelled' });
  }
  if (checked === 0) throw new ImportStopped({ status: 'failed', failure: 'empty' });
  if (errorCount > 0) throw new ImportStopped({ status: 'failed', errorCount, errors: kept, rowsTotal: checked });
  return checked;
}

/** Checks each batch again (the workspace may have changed since) and writes it; one transaction for the whole file. */
async function writePass(
  database: Database,
  key: ImportKey,
  importing: ImportRow & { file: Buffer },
  total: number,
  handler: ImportTargetHandler,
  contextOf: (tx: Executor) => TenantContext,
) {
  await updateImport(database.db, key, { status: 'writing', progress: 0, rowsTotal: total });
  await database.db.transaction(async (tx) => {
    const ctx = contextOf(tx);
    const destination = await openDestination(handler, ctx, importing.targetId);
    let written = 0;
    for await (const { rows } of mappedBatches(importing.file, importing.columns)) {
      const problems = await checkBatch(destination, rows);
      if (problems.length > 0) {
        const errors = stored(problems.slice(0, IMPORT_ERRORS_KEPT));
        throw new ImportStopped({ status: 'failed', errorCount: problems.length, errors, rowsTotal: total });
      }
      await destination.write(rows);
      written += rows.length;
      if (await cancelRequested(tx, key)) throw new ImportStopped({ status: 'cancelled' });
      // The embedded database has one connection, held by this transaction: there the progress of
      // writing shows only at the end. PostgreSQL records it through another connection of the pool.
      if (database.driver === 'postgres') await updateImport(database.db, key, { rowsWritten: written, progress: written / total });
    }
    await destination.written(written);
    await finishImport(tx, key, { status: 'completed', rowsWritten: written, progress: 1 });
  });
}
