import { INSPECTION_STATUSES, type AnswersSaved, type ListQuery } from '@vigil/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { files, inspectionAnswers, inspectionMedia, inspections, inspectionSaves } from '../../db/schema/index.ts';
import { listPage, whereMatching, type ListPage, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';
import { versionNumberOf } from '../templates/index.ts';

export type InspectionRow = typeof inspections.$inferSelect & { version: number };
export type AnswerRow = typeof inspectionAnswers.$inferSelect;
export type NewAnswerRow = Omit<typeof inspectionAnswers.$inferInsert, 'workspaceId' | 'inspectionId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs and bodies; anything that is not a uuid names nothing (and must not reach a uuid column). */
export const uuidsOf = (ids: readonly string[]) => ids.filter((id) => UUID.test(id));

const inspectionColumns = {
  workspaceId: inspections.workspaceId,
  id: inspections.id,
  number: inspections.number,
  templateId: inspections.templateId,
  versionId: inspections.versionId,
  version: versionNumberOf(inspections.workspaceId, inspections.versionId),
  title: inspections.title,
  status: inspections.status,
  assetId: inspections.assetId,
  asset: inspections.asset,
  startedBy: inspections.startedBy,
  scorePoints: inspections.scorePoints,
  maxPoints: inspections.maxPoints,
  score: inspections.score,
  failedCount: inspections.failedCount,
  answeredCount: inspections.answeredCount,
  issuesCount: inspections.issuesCount,
  instances: inspections.instances,
  revision: inspections.revision,
  startedAt: inspections.startedAt,
  updatedAt: inspections.updatedAt,
  completedAt: inspections.completedAt,
  completedBy: inspections.completedBy,
  archivedAt: inspections.archivedAt,
};

// The running number ------------------------------------------------------------------------------

/**
 * Holds the workspace's inspection numbering until the transaction ends, so two starts at once
 * cannot take the same number (the unique index would refuse the second instead).
 */
export async function lockNumbering(ctx: TenantContext): Promise<void> {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inspections.number:${ctx.workspaceId}`}, 0))`);
}

export async function nextNumber(ctx: TenantContext): Promise<number> {
  const [row] = await ctx.tx
    .select({ next: sql<number>`coalesce(max(${inspections.number}), 0) + 1` })
    .from(inspections)
    .where(scoped(ctx, inspections));
  return Number(row.next);
}

// Inspections -------------------------------------------------------------------------------------

export type NewInspectionRow = Omit<typeof inspections.$inferInsert, 'workspaceId'> & { id: string };

export async function insertInspection(ctx: TenantContext, values: NewInspectionRow): Promise<void> {
  await ctx.tx.insert(inspections).values(stamped(ctx, values));
}

/** One inspection of the workspace; `lock` holds its row for a change until the transaction ends. */
export async function findInspection(ctx: TenantContext, id: string, lock = false): Promise<InspectionRow | null> {
  if (uuidsOf([id]).length === 0) return null;
  const query = ctx.tx
    .select(inspectionColumns)
    .from(inspections)
    .where(scoped(ctx, inspections, eq(inspections.id, id)));
  // No key update: the inspection's own columns change, and media rows may still reference it meanwhile.
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** The last completed inspection in use of a template on an asset (one auditor's only, when given). */
export async function findLastCompleted(
  ctx: TenantContext,
  templateId: string,
  assetId: string,
  auditorId: string | undefined,
): Promise<InspectionRow | null> {
  const [row] = await ctx.tx
    .select(inspectionColumns)
    .from(inspections)
    .where(
      scoped(
        ctx,
        inspections,
        eq(inspections.templateId, templateId),
        eq(inspections.assetId, assetId),
        eq(inspections.status, 'completed'),
        isNull(inspections.archivedAt),
        auditorId ? eq(inspections.startedBy, auditorId) : undefined,
      ),
    )
    .orderBy(desc(inspections.completedAt), desc(inspections.number))
    .limit(1);
  return row ?? null;
}

export type InspectionUpdate = Partial<
  Pick<
    typeof inspections.$inferInsert,
    | 'status'
    | 'assetId'
    | 'asset'
    | 'scorePoints'
    | 'maxPoints'
    | 'score'
    | 'failedCount'
    | 'answeredCount'
    | 'instances'
    | 'revision'
    | 'completedAt'
    | 'completedBy'
  >
>;

/** Updates an inspection; answers the update time it was given. */
export async function updateInspection(ctx: TenantContext, id: string, values: InspectionUpdate): Promise<Date> {
  const [row] = await ctx.tx
    .update(inspections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scoped(ctx, inspections, eq(inspections.id, id)))
    .returning({ updatedAt: inspections.updatedAt });
  return row.updatedAt;
}

// Answers -----------------------------------------------------------------------------------------

/**
 * An answer's value read as JSON text and parsed here: Drizzle parses a jsonb value the driver has
 * already parsed once more, so a text answer such as "12" would come back as the number 12.
 */
const valueAsJson = sql<string | null>`${inspectionAnswers.value}::text`;

export async function listAnswerRows(ctx: TenantContext, inspectionId: string): Promise<AnswerRow[]> {
  const rows = await ctx.tx
    .select({ ...getTableColumns(inspectionAnswers), value: valueAsJson })
    .from(inspectionAnswers)
    .where(scoped(ctx, inspectionAnswers, eq(inspectionAnswers.inspectionId, inspectionId)));
  return rows.map((row) => ({ ...row, value: row.value === null ? null : (JSON.parse(row.value) as unknown) }));
}

/** Columns the evaluation gives: written again whenever an answer elsewhere moves them. */
const EVALUATED_COLUMNS = ['valueNumber', 'valueText', 'valueChoices', 'score', 'maxScore', 'failed'] as const;
/** Columns the inspector gives: written only with the answer itself. */
const ANSWERED_COLUMNS = ['value', 'note', 'media', 'rating', 'carriedOver', 'updatedAt', 'updatedBy', 'deviceId'] as const;

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Writes answer rows: `answered` ones replace the whole row, the others (a score, a visibility or a
 * computed value moved by another answer) only their evaluated columns, so who answered and when stays.
 */
export async function upsertAnswerRows(ctx: TenantContext, inspectionId: string, rows: NewAnswerRow[], answered: boolean): Promise<void> {
  if (rows.length === 0) return;
  const columns = answered ? [...EVALUATED_COLUMNS, ...ANSWERED_COLUMNS] : EVALUATED_COLUMNS;
  await ctx.tx
    .insert(inspectionAnswers)
    .values(rows.map((row) => stamped(ctx, { ...row, inspectionId })))
    .onConflictDoUpdate({
      target: [inspectionAnswers.workspaceId, inspectionAnswers.inspectionId, inspectionAnswers.answerKey],
      set: Object.fromEntries(columns.map((column) => [column, excluded(inspectionAnswers[column].name)])),
    });
}

export async function deleteAnswerRows(ctx: TenantContext, inspectionId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.tx
    .delete(inspectionAnswers)
    .where(
      scoped(ctx, inspectionAnswers, eq(inspectionAnswers.inspectionId, inspectionId), inArray(inspectionAnswers.answerKey, [...keys])),
    );
}

// Saves -------------------------------------------------------------------------------------------

export async function findSave(ctx: TenantContext, inspectionId: string, changeId: string): Promise<AnswersSaved | null> {
  const [row] = await ctx.tx
    .select({ result: inspectionSaves.result })
    .from(inspectionSaves)
    .where(scoped(ctx, inspectionSaves, eq(inspectionSaves.inspectionId, inspectionId), eq(inspectionSaves.changeId, changeId)));
  return row ? (row.result as AnswersSaved) : null;
}

export async function insertSave(ctx: TenantContext, inspectionId: string, changeId: string, result: AnswersSaved): Promise<void> {
  await ctx.tx.insert(inspectionSaves).values(stamped(ctx, { inspectionId, changeId, result }));
}

// Media -------------------------------------------------------------------------------------------

export async function insertMedia(ctx: TenantContext, inspectionId: string, fileId: string): Promise<void> {
  await ctx.tx.insert(inspectionMedia).values(stamped(ctx, { inspectionId, fileId }));
}

/** The files among `fileIds` uploaded for this inspection, with what an answer shows of them. */
export async function findMediaFiles(ctx: TenantContext, inspectionId: string, fileIds: readonly string[]) {
  const ids = uuidsOf(fileIds);
  if (ids.length === 0) return [];
  return ctx.tx
    .select({ id: files.id, path: files.path, name: files.originalName, mime: files.mime })
    .from(inspectionMedia)
    .innerJoin(files, and(eq(files.workspaceId, inspectionMedia.workspaceId), eq(files.id, inspectionMedia.fileId)))
    .where(scoped(ctx, inspectionMedia, eq(inspectionMedia.inspectionId, inspectionId), inArray(inspectionMedia.fileId, ids)));
}

// Lists and bulk actions --------------------------------------------------------------------------

const searchText = sql<string>`(${inspections.title} || ' ' || ${inspections.number})`;

export const INSPECTION_LIST_SPEC: ListSpec = {
  columns: {
    title: { expr: inspections.title, type: 'text' },
    number: { expr: inspections.number, type: 'number', values: 'integer' },
    template_id: { expr: inspections.templateId, type: 'select', values: 'uuid' },
    status: { expr: inspections.status, type: 'select', options: INSPECTION_STATUSES },
    asset_id: { expr: inspections.assetId, type: 'select', values: 'uuid' },
    auditor_id: { expr: inspections.startedBy, type: 'select', values: 'uuid' },
    started_at: { expr: inspections.startedAt, type: 'date' },
    updated_at: { expr: inspections.updatedAt, type: 'date' },
    completed_at: { expr: inspections.completedAt, type: 'date' },
    score: { expr: inspections.score, type: 'number' },
    failed_count: { expr: inspections.failedCount, type: 'number', values: 'integer' },
    /** The search box: the title and the number. */
    search: { expr: searchText, type: 'text', sortable: false },
  },
  defaultSort: [{ field: 'started_at', direction: 'desc' }],
  tieBreaker: inspections.id,
};

/** Which inspections a list (or a bulk action on it) covers: archived or not, everyone's or one auditor's. */
export interface InspectionScope {
  archived: boolean;
  /** Only this auditor's (a caller who may conduct but not see every inspection). */
  auditorId?: string;
}

function scopeCondition(ctx: TenantContext, scope: InspectionScope): SQL {
  return scoped(
    ctx,
    inspections,
    scope.archived ? isNotNull(inspections.archivedAt) : isNull(inspections.archivedAt),
    scope.auditorId ? eq(inspections.startedBy, scope.auditorId) : undefined,
  );
}

export async function listInspections(ctx: TenantContext, query: ListQuery, scope: InspectionScope): Promise<ListPage<InspectionRow>> {
  const page = await listPage(
    { tx: ctx.tx, table: inspections, base: scopeCondition(ctx, scope) },
    inspectionColumns,
    INSPECTION_LIST_SPEC,
    query,
  );
  // The engine's rows are untyped; they are the selected columns.
  return { list: page.list.map((row: InspectionRow) => row), pagination: page.pagination };
}

export type Selection = { ids: string[] } | { all: true; filter?: ListQuery['filter'] };

/** The rows a bulk action works on: the ids chosen among the scope's, or every one matching the list's filter. */
export function selectionCondition(ctx: TenantContext, selection: Selection, scope: InspectionScope): SQL {
  if ('ids' in selection) {
    const ids = uuidsOf(selection.ids);
    return and(scopeCondition(ctx, scope), ids.length > 0 ? inArray(inspections.id, ids) : sql`false`)!;
  }
  return whereMatching(INSPECTION_LIST_SPEC, selection.filter, scopeCondition(ctx, scope));
}

const changedName = sql<string>`${inspections.title} || ' #' || ${inspections.number}`;

/** Archives (or restores) the matching inspections; answers the ids and names changed. */
export function setInspectionsArchived(ctx: TenantContext, where: SQL, archive: boolean) {
  return ctx.tx
    .update(inspections)
    .set({ archivedAt: archive ? sql`now()` : null, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: inspections.id, name: changedName });
}

/** The files uploaded for the matching inspections. */
export async function mediaFileIdsOf(ctx: TenantContext, where: SQL): Promise<string[]> {
  const rows = await ctx.tx
    .select({ fileId: inspectionMedia.fileId })
    .from(inspectionMedia)
    .where(
      scoped(
        ctx,
        inspectionMedia,
        inArray(inspectionMedia.inspectionId, ctx.tx.select({ id: inspections.id }).from(inspections).where(where)),
      ),
    )
    .orderBy(asc(inspectionMedia.fileId));
  return rows.map((row) => row.fileId);
}

/** Deletes the matching inspections with their answers, saves and media rows (the foreign keys cascade). */
export function deleteInspections(ctx: TenantContext, where: SQL) {
  return ctx.tx.delete(inspections).where(where).returning({ id: inspections.id, name: changedName });
}
