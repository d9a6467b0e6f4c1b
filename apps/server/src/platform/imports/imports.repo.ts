import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ImportColumn, ImportFailure, ImportStatus, ImportTarget } from '@vigil/contracts';
import { imports } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import { scoped, stamped, type TenantContext } from '../tenancy.ts';

export type ImportRow = typeof imports.$inferSelect;
/** An import as its job and its readers see it: without the file's bytes. */
export type ImportState = Omit<ImportRow, 'file'>;

const { file: _bytes, ...stateColumns } = getTableColumns(imports);

export async function insertImport(
  ctx: TenantContext,
  values: { target: ImportTarget; targetId: string; fileName: string; file: Buffer; columns: ImportColumn[] },
): Promise<ImportState> {
  const [row] = await ctx.tx
    .insert(imports)
    .values(stamped(ctx, { ...values, createdBy: ctx.actor.userId }))
    .returning(stateColumns);
  return row;
}

/** The caller's own import (another person's, or another workspace's, is not found). */
export async function findOwnImport(ctx: TenantContext, id: string): Promise<ImportState | undefined> {
  const [row] = await ctx.tx
    .select(stateColumns)
    .from(imports)
    .where(scoped(ctx, imports, eq(imports.id, id), eq(imports.createdBy, ctx.actor.userId)));
  return row;
}

/** For the job, which knows the workspace and id from its payload. */
export async function findImportForJob(executor: Executor, workspaceId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await executor
    .select()
    .from(imports)
    .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)));
  return row;
}

export async function updateImport(
  executor: Executor,
  key: { workspaceId: string; id: string },
  values: Partial<Pick<ImportRow, 'status' | 'progress' | 'rowsChecked' | 'rowsTotal' | 'rowsWritten' | 'errorCount' | 'errors'>>,
) {
  await executor
    .update(imports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(imports.workspaceId, key.workspaceId), eq(imports.id, key.id)));
}

/** Ends an import (its file is dropped); an import already finished is left as it is. */
export async function finishImport(
  executor: Executor,
  key: { workspaceId: string; id: string },
  values: { status: ImportStatus; failure?: ImportFailure | null } & Partial<
    Pick<ImportRow, 'errorCount' | 'errors' | 'rowsTotal' | 'rowsWritten' | 'progress'>
  >,
) {
  await executor
    .update(imports)
    .set({ ...values, file: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(imports.workspaceId, key.workspaceId), eq(imports.id, key.id), sql`${imports.finishedAt} is null`));
}

/** Whether someone asked to cancel it (read afresh, so a job sees a request made while it runs). */
export async function cancelRequested(executor: Executor, key: { workspaceId: string; id: string }): Promise<boolean> {
  const [row] = await executor
    .select({ at: imports.cancelRequestedAt })
    .from(imports)
    .where(and(eq(imports.workspaceId, key.workspaceId), eq(imports.id, key.id)));
  return !row || row.at !== null;
}

export async function requestCancel(ctx: TenantContext, id: string) {
  await ctx.tx
    .update(imports)
    .set({ cancelRequestedAt: new Date(), updatedAt: new Date() })
    .where(scoped(ctx, imports, eq(imports.id, id), sql`${imports.cancelRequestedAt} is null`));
}
