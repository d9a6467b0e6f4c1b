/**
 * PDFs of reports, asked for by a member or through a share link (docs/inspections.md "PDF"). A request
 * is a row of `inspection_pdfs` and a job on `inspections.pdf`, written in one transaction; the same
 * request while one is still of use answers that one.
 */
import { PDF_KEPT_HOURS, type Language, type PdfJob } from '@vigil/contracts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/index.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { openable } from './inspection-access.ts';
import * as reports from './inspection-reports.repo.ts';
import type { PdfRequester, PdfRow } from './inspection-reports.repo.ts';
import * as repo from './inspections.repo.ts';
import type { InspectionRow } from './inspections.repo.ts';

export const PDF_QUEUE = 'inspections.pdf';
export const PDF_SWEEP_QUEUE = 'inspections.pdf.sweep';
/** PDFs one member or one share link may have on their way at once: printing costs seconds of a core each. */
export const PDFS_IN_HAND_MAX = 3;

/** A time zone Intl knows (IANA names and UTC), else a field error. */
function checkedTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw validationFailed({ time_zone: [message('validation.invalid')] });
  }
}

export interface PdfAsk {
  language: Language;
  /** The time zone asked for, else the requester's default. */
  timeZone: string | undefined;
  defaultTimeZone: string | null;
}

/** Queues a PDF of the inspection for this requester, or answers the one already made or on its way. */
export async function requestPdf(ctx: TenantContext, inspection: InspectionRow, requester: PdfRequester, ask: PdfAsk): Promise<PdfRow> {
  const timeZone = checkedTimeZone(ask.timeZone ?? ask.defaultTimeZone ?? 'UTC');
  const now = new Date();
  const wanted = { inspectionId: inspection.id, revision: inspection.revision, language: ask.language, timeZone };
  const reusable = await reports.findReusablePdf(ctx, requester, wanted, now);
  if (reusable) return reusable;
  if ((await reports.countPdfsInHand(ctx, requester)) >= PDFS_IN_HAND_MAX) {
    throw new AppError(429, 'INS_PDF_BUSY', 'inspections.pdf_busy', { max: PDFS_IN_HAND_MAX });
  }
  const row = await reports.insertPdf(ctx, {
    ...wanted,
    requestedBy: 'userId' in requester ? requester.userId : null,
    shareId: 'shareId' in requester ? requester.shareId : null,
    expiresAt: new Date(now.getTime() + PDF_KEPT_HOURS * 3_600_000),
  });
  await enqueueJob(ctx.tx, PDF_QUEUE, { workspaceId: ctx.workspaceId, pdfId: row.id });
  return row;
}

/** A member's request of a PDF of an inspection they may open. */
export async function requestMemberPdf(ctx: TenantContext, id: string, ask: PdfAsk): Promise<PdfRow> {
  const inspection = openable(ctx, await repo.findInspection(ctx, id));
  return requestPdf(ctx, inspection, { userId: ctx.actor.userId }, ask);
}

/** A PDF this requester asked for, of an inspection they may still open; else 404. */
export async function pdfOf(ctx: TenantContext, jobId: string, requester: PdfRequester, checkOpen: boolean): Promise<PdfRow> {
  const row = repo.uuidsOf([jobId]).length > 0 ? await reports.findPdf(ctx, jobId, requester) : null;
  if (!row) throw notFound();
  if (checkOpen) openable(ctx, await repo.findInspection(ctx, row.inspectionId));
  return row;
}

type OpenedFile = NonNullable<Awaited<ReturnType<FileStore['openInWorkspace']>>>;

/** The finished PDF's file; 404 until it is there. */
export async function pdfFileOf(ctx: TenantContext, files: FileStore, row: PdfRow): Promise<OpenedFile> {
  if (row.status !== 'completed' || !row.fileId || row.expiresAt <= new Date()) throw notFound();
  const opened = await files.openInWorkspace(ctx, row.fileId);
  if (!opened) throw notFound();
  return opened;
}

/** The job's state as its caller reads it; `message` is put in the reader's language by the route. */
export function describePdf(row: PdfRow, translate: (key: NonNullable<PdfRow['failure']>) => string): PdfJob {
  return {
    job_id: row.id,
    status: row.status,
    step: row.step as PdfJob['step'],
    progress: Math.round(row.progress * 1000) / 1000,
    failure: row.failure ?? null,
    message: row.failure ? translate(row.failure) : null,
    revision: row.revision,
    file: row.status === 'completed' && row.fileName !== null && row.fileSize !== null ? { name: row.fileName, size: row.fileSize } : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}
