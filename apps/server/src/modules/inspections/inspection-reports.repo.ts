/** The report's tables: the history of edits after completion, share links and PDFs (docs/inspections.md "Report"). */
import type { StoredAnswer } from '@vigil/contracts';
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  inspectionAnswerHistory,
  inspectionPdfs,
  inspections,
  inspectionShares,
  type InspectionSharePurpose,
} from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

// History -----------------------------------------------------------------------------------------

export interface NewHistoryEntry {
  answerKey: string;
  itemId: string;
  instanceId: string;
  before: StoredAnswer | null;
  after: StoredAnswer | null;
}

export async function insertHistory(
  ctx: TenantContext,
  inspectionId: string,
  revision: number,
  changedAt: Date,
  entries: readonly NewHistoryEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.tx
    .insert(inspectionAnswerHistory)
    .values(entries.map((entry) => stamped(ctx, { ...entry, inspectionId, revision, changedBy: ctx.actor.userId, changedAt })));
}

export type HistoryRow = typeof inspectionAnswerHistory.$inferSelect;

/** Reads jsonb as text and parses it here (see `listAnswerRows`: a text answer "12" must stay a text). */
const beforeAsJson = sql<string | null>`${inspectionAnswerHistory.before}::text`;
const afterAsJson = sql<string | null>`${inspectionAnswerHistory.after}::text`;
const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as StoredAnswer));

export async function listHistory(ctx: TenantContext, inspectionId: string, page: { limit: number; offset: number }) {
  const where = scoped(ctx, inspectionAnswerHistory, eq(inspectionAnswerHistory.inspectionId, inspectionId));
  const [rows, [total]] = await Promise.all([
    ctx.tx
      .select({ row: inspectionAnswerHistory, before: beforeAsJson, after: afterAsJson })
      .from(inspectionAnswerHistory)
      .where(where)
      .orderBy(desc(inspectionAnswerHistory.changedAt), desc(inspectionAnswerHistory.revision), inspectionAnswerHistory.answerKey)
      .limit(page.limit)
      .offset(page.offset),
    ctx.tx.select({ count: count() }).from(inspectionAnswerHistory).where(where),
  ]);
  return {
    rows: rows.map(({ row, before, after }): HistoryRow => ({ ...row, before: parsed(before), after: parsed(after) })),
    total: Number(total.count),
  };
}

export async function hasHistory(ctx: TenantContext, inspectionId: string): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ one: sql`1` })
    .from(inspectionAnswerHistory)
    .where(scoped(ctx, inspectionAnswerHistory, eq(inspectionAnswerHistory.inspectionId, inspectionId)))
    .limit(1);
  return Boolean(row);
}

// Shares ------------------------------------------------------------------------------------------

export type ShareRow = typeof inspectionShares.$inferSelect;

export async function insertShare(
  ctx: TenantContext,
  values: { inspectionId: string; tokenHash: string; purpose: InspectionSharePurpose; createdBy: string | null; expiresAt: Date | null },
): Promise<ShareRow> {
  const [row] = await ctx.tx.insert(inspectionShares).values(stamped(ctx, values)).returning();
  return row;
}

/** Open: neither revoked nor expired at `now`. */
const isOpen = (now: Date) =>
  and(isNull(inspectionShares.revokedAt), or(isNull(inspectionShares.expiresAt), gt(inspectionShares.expiresAt, now)));

/** The share links people were given (not the print view's own), newest first. */
export function listShares(ctx: TenantContext, inspectionId: string): Promise<ShareRow[]> {
  return ctx.tx
    .select()
    .from(inspectionShares)
    .where(scoped(ctx, inspectionShares, eq(inspectionShares.inspectionId, inspectionId), eq(inspectionShares.purpose, 'link')))
    .orderBy(desc(inspectionShares.createdAt), desc(inspectionShares.id));
}

export async function countOpenShares(ctx: TenantContext, inspectionId: string, now: Date): Promise<number> {
  const [row] = await ctx.tx
    .select({ count: count() })
    .from(inspectionShares)
    .where(
      scoped(ctx, inspectionShares, eq(inspectionShares.inspectionId, inspectionId), eq(inspectionShares.purpose, 'link'), isOpen(now)),
    );
  return Number(row.count);
}

export async function findShare(ctx: TenantContext, inspectionId: string, shareId: string): Promise<ShareRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(inspectionShares)
    .where(
      scoped(
        ctx,
        inspectionShares,
        eq(inspectionShares.id, shareId),
        eq(inspectionShares.inspectionId, inspectionId),
        eq(inspectionShares.purpose, 'link'),
      ),
    );
  return row ?? null;
}

export async function revokeShare(ctx: TenantContext, shareId: string, now: Date): Promise<void> {
  await ctx.tx
    .update(inspectionShares)
    .set({ revokedAt: now })
    .where(scoped(ctx, inspectionShares, eq(inspectionShares.id, shareId), isNull(inspectionShares.revokedAt)));
}

/** The open share of a workspace with this token hash, or null. */
export async function findOpenShareByHash(db: Executor, workspaceId: string, tokenHash: string, now: Date): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(inspectionShares)
    .where(and(eq(inspectionShares.workspaceId, workspaceId), eq(inspectionShares.tokenHash, tokenHash), isOpen(now)));
  return row ?? null;
}

export async function deleteShare(ctx: TenantContext, shareId: string): Promise<void> {
  await ctx.tx.delete(inspectionShares).where(scoped(ctx, inspectionShares, eq(inspectionShares.id, shareId)));
}

/** The print view's own links left behind by a worker that died: expired, removed by the sweep. */
export async function deleteExpiredRenderShares(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(inspectionShares)
    .where(and(eq(inspectionShares.purpose, 'render'), lt(inspectionShares.expiresAt, now)))
    .returning({ id: inspectionShares.id });
  return rows.length;
}

// PDFs --------------------------------------------------------------------------------------------

export type PdfRow = typeof inspectionPdfs.$inferSelect;

/** Who asked for a PDF: a member, or whoever holds a share link. Only they read it. */
export type PdfRequester = { userId: string } | { shareId: string };

const requesterCondition = (requester: PdfRequester): SQL =>
  'userId' in requester
    ? and(eq(inspectionPdfs.requestedBy, requester.userId), isNull(inspectionPdfs.shareId))!
    : eq(inspectionPdfs.shareId, requester.shareId);

export async function insertPdf(
  ctx: TenantContext,
  values: Pick<
    typeof inspectionPdfs.$inferInsert,
    'inspectionId' | 'requestedBy' | 'shareId' | 'revision' | 'language' | 'timeZone' | 'expiresAt'
  >,
): Promise<PdfRow> {
  const [row] = await ctx.tx.insert(inspectionPdfs).values(stamped(ctx, values)).returning();
  return row;
}

/**
 * A PDF of the same inspection, revision, language and time zone by the same requester that is still
 * of use: queued, running, or completed and not yet removed. Asking again answers it.
 */
export async function findReusablePdf(
  ctx: TenantContext,
  requester: PdfRequester,
  values: { inspectionId: string; revision: number; language: string; timeZone: string },
  now: Date,
): Promise<PdfRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(inspectionPdfs)
    .where(
      scoped(
        ctx,
        inspectionPdfs,
        eq(inspectionPdfs.inspectionId, values.inspectionId),
        requesterCondition(requester),
        eq(inspectionPdfs.revision, values.revision),
        eq(inspectionPdfs.language, values.language),
        eq(inspectionPdfs.timeZone, values.timeZone),
        ne(inspectionPdfs.status, 'failed'),
        gt(inspectionPdfs.expiresAt, now),
      ),
    )
    .orderBy(desc(inspectionPdfs.createdAt))
    .limit(1);
  return row ?? null;
}

/** How many PDFs this requester has queued or running, in the whole workspace. */
export async function countPdfsInHand(ctx: TenantContext, requester: PdfRequester): Promise<number> {
  const [row] = await ctx.tx
    .select({ count: count() })
    .from(inspectionPdfs)
    .where(scoped(ctx, inspectionPdfs, requesterCondition(requester), inArray(inspectionPdfs.status, ['queued', 'running'])));
  return Number(row.count);
}

/** A PDF this requester asked for, or null. */
export async function findPdf(ctx: TenantContext, id: string, requester: PdfRequester): Promise<PdfRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(inspectionPdfs)
    .where(scoped(ctx, inspectionPdfs, eq(inspectionPdfs.id, id), requesterCondition(requester)));
  return row ?? null;
}

export async function findPdfForJob(db: Executor, workspaceId: string, id: string): Promise<PdfRow | null> {
  const [row] = await db
    .select()
    .from(inspectionPdfs)
    .where(and(eq(inspectionPdfs.workspaceId, workspaceId), eq(inspectionPdfs.id, id)));
  return row ?? null;
}

export type PdfUpdate = Partial<
  Pick<PdfRow, 'status' | 'step' | 'progress' | 'failure' | 'fileId' | 'fileName' | 'fileSize' | 'finishedAt'>
>;

export async function updatePdf(db: Executor, workspaceId: string, id: string, values: PdfUpdate): Promise<void> {
  await db
    .update(inspectionPdfs)
    .set(values)
    .where(and(eq(inspectionPdfs.workspaceId, workspaceId), eq(inspectionPdfs.id, id)));
}

/** PDFs past their time, of every workspace (the sweep). */
export function expiredPdfs(db: Executor, now: Date, limit: number) {
  return db
    .select({ workspaceId: inspectionPdfs.workspaceId, id: inspectionPdfs.id, fileId: inspectionPdfs.fileId })
    .from(inspectionPdfs)
    .where(lt(inspectionPdfs.expiresAt, now))
    .limit(limit);
}

export async function deletePdfs(ctx: TenantContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.tx.delete(inspectionPdfs).where(scoped(ctx, inspectionPdfs, inArray(inspectionPdfs.id, [...ids])));
}

/** The PDF files of the inspections matching `where` (deleted with them). */
export async function pdfFileIdsOf(ctx: TenantContext, where: SQL): Promise<string[]> {
  const rows = await ctx.tx
    .select({ fileId: inspectionPdfs.fileId })
    .from(inspectionPdfs)
    .where(
      scoped(
        ctx,
        inspectionPdfs,
        inArray(inspectionPdfs.inspectionId, ctx.tx.select({ id: inspections.id }).from(inspections).where(where)),
      ),
    );
  return rows.flatMap((row) => row.fileId ?? []);
}
