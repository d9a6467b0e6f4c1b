/**
 * The PDF job (queue `inspections.pdf`, docs/inspections.md "PDF"): opens the report's print view of
 * this server through a short-lived share link of its own, waits for the page's ready signal and its
 * pictures, prints it with the process's Chromium, and keeps the PDF as a file of the workspace.
 * Progress: loading (0.1, 0.3), rendering (0.6), storing (0.9), done (1). Safe to run twice: a
 * finished request is left as it is. Without Chromium the request fails with
 * `inspections.pdf_unavailable` at once, without retries.
 */
import { sharedReportPath, type PdfFailure } from '@vigil/contracts';
import type { Database } from '../../platform/db.ts';
import type { FileStore } from '../../platform/files/index.ts';
import type { JobHandler } from '../../platform/jobs/queue.ts';
import { BrowserUnavailableError, type PdfPrinter } from '../../platform/pdf/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as reports from './inspection-reports.repo.ts';
import type { PdfRow } from './inspection-reports.repo.ts';
import { NOBODY, openRenderShare } from './inspection-shares.service.ts';
import * as repo from './inspections.repo.ts';

export interface PdfJobDeps {
  database: Database;
  files: FileStore;
  printer: PdfPrinter;
  /** Where the worker reaches this server's pages (`INTERNAL_URL`). */
  internalUrl: string;
  logger: { warn: (object: object, message: string) => void };
}

/** The print view's address for a token (the web app's route `/shared/inspections/:token`, printing). */
export function printViewUrl(internalUrl: string, token: string, row: Pick<PdfRow, 'language' | 'timeZone'>): string {
  const query = new URLSearchParams({ print: '1', lang: row.language, tz: row.timeZone });
  return `${internalUrl}${sharedReportPath(token)}?${query.toString()}`;
}

/** A file name from the inspection's title and number, without characters a file system refuses. */
function pdfName(title: string, number: number): string {
  const safe =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 150) || 'Inspection';
  return `${safe} #${number}.pdf`;
}

export function inspectionPdfJob(deps: PdfJobDeps): JobHandler {
  const { db } = deps.database;
  return async (payload, job) => {
    const workspaceId = String(payload.workspaceId);
    const id = String(payload.pdfId);
    const row = await reports.findPdfForJob(db, workspaceId, id);
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const update = (values: reports.PdfUpdate) => reports.updatePdf(db, workspaceId, id, values);
    const fail = (failure: PdfFailure) => update({ status: 'failed', failure, finishedAt: new Date() });

    if (!deps.printer.available()) return fail('inspections.pdf_unavailable');
    const actor = { userId: row.requestedBy ?? NOBODY, permissions: new Set<string>() };
    const ctx: TenantContext = { workspaceId, actor, tx: db };
    const inspection = await repo.findInspection(ctx, row.inspectionId);
    if (!inspection) return fail('inspections.pdf_failed');
    await update({ status: 'running', step: 'loading', progress: 0.1 });

    const render = await openRenderShare(ctx, inspection.id);
    try {
      const bytes = await deps.printer.print({
        url: printViewUrl(deps.internalUrl, render.token, row),
        locale: row.language,
        timeZone: row.timeZone,
        direction: row.language === 'ar' ? 'rtl' : 'ltr',
        onStep: (step) => update(step === 'loading' ? { step, progress: 0.3 } : { step, progress: 0.6 }),
      });
      await update({ step: 'storing', progress: 0.9 });
      const file = {
        bytes,
        mime: 'application/pdf',
        ext: 'pdf',
        name: pdfName(inspection.title, inspection.number),
        madeFor: row.requestedBy,
      };
      await deps.files.keepGenerated({ workspaceId, actor }, file, (tx, stored) =>
        reports.updatePdf(tx.tx, workspaceId, id, {
          status: 'completed',
          step: 'done',
          progress: 1,
          fileId: stored.id,
          fileName: stored.name,
          fileSize: stored.size,
          finishedAt: new Date(),
        }),
      );
    } catch (error) {
      if (error instanceof BrowserUnavailableError) return fail('inspections.pdf_unavailable');
      deps.logger.warn({ err: error, pdfId: id, attempt: job.attempt }, 'PDF of a report failed');
      if (job.lastAttempt) return fail('inspections.pdf_failed');
      throw error;
    } finally {
      await render.remove().catch(() => undefined);
    }
  };
}

/** Removes PDFs past their time with their files, and print-view links left by a worker that died (hourly). */
export function inspectionPdfSweepJob(deps: Pick<PdfJobDeps, 'database' | 'files'>): JobHandler {
  const { db } = deps.database;
  return async () => {
    const now = new Date();
    await reports.deleteExpiredRenderShares(db, now);
    for (;;) {
      const expired = await reports.expiredPdfs(db, now, 500);
      if (expired.length === 0) return;
      const byWorkspace = new Map<string, typeof expired>();
      for (const row of expired) byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
      for (const [workspaceId, rows] of byWorkspace) {
        await deps.files.removingFiles({ workspaceId, actor: { userId: NOBODY, permissions: new Set() } }, async (ctx, remove) => {
          await remove(rows.flatMap((row) => row.fileId ?? []));
          await reports.deletePdfs(
            ctx,
            rows.map((row) => row.id),
          );
        });
      }
    }
  };
}
