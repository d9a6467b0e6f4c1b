import { randomUUID } from 'node:crypto';
import { answerKey, answerKindOf, checkAnswer, initialAnswers, type Answer, type TemplateDocument } from '@vigil/checklist';
import {
  fileUrl,
  type AnswersSaveSchema,
  type AnswersSaved,
  type Inspection,
  type InspectionDetail,
  type InspectionMedia,
  type ListQuery,
  type NewInspection,
  type StoredFile,
} from '@vigil/contracts';
import type { z } from 'zod';
import { recordActivity, recordEachOrCount } from '../../platform/activity-log/index.ts';
import { AppError, checklistMessage, message, notFound, validationFailed, type FieldMessages } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assetsByIds } from '../assets/index.ts';
import { startableVersion, versionDocument } from '../templates/index.ts';
import { peopleByIds } from '../users/index.ts';
import {
  advanceClock,
  answerRowOf,
  documentIdInputs,
  documentIdOf,
  everyStateKey,
  itemOf,
  keysInDocumentOrder,
  openSession,
  sessionOfRows,
  setAnswer,
  storedAnswers,
  topLevelItemsOfType,
  totalsOf,
  wallClockText,
  type AnswerSession,
  type RowAuthor,
} from './answer-session.ts';
import { applyAnswerChanges, applyInstances, emptyChanges, referencedIds, type AppliedChanges, type References } from './answer-changes.ts';
import {
  abilitiesOn,
  assertFinishable,
  assertTakesAnswers,
  conductable,
  mayReadReports,
  openable,
  seesEveryInspection,
} from './inspection-access.ts';
import { historyEntries } from './answer-history.ts';
import { insertHistory, pdfFileIdsOf } from './inspection-reports.repo.ts';
import { carryOver } from './prefill.ts';
import * as repo from './inspections.repo.ts';
import { createSessionCache } from './session-cache.ts';
import type { InspectionRow, InspectionScope, Selection } from './inspections.repo.ts';

// Shaping -----------------------------------------------------------------------------------------

const iso = (date: Date) => date.toISOString();

export async function auditorNames(ctx: TenantContext, rows: readonly InspectionRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.startedBy ?? []))];
  return new Map((await peopleByIds(ctx, ids)).map((person) => [person.id, person.name]));
}

function describeInspection(row: InspectionRow, names: ReadonlyMap<string, string>): Inspection {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    template_id: row.templateId,
    version_id: row.versionId,
    version: Number(row.version),
    status: row.status,
    asset: row.asset ?? null,
    auditor: row.startedBy ? { id: row.startedBy, name: names.get(row.startedBy) ?? '' } : null,
    score: row.score,
    score_points: row.scorePoints,
    max_points: row.maxPoints,
    failed_count: row.failedCount,
    answered_count: row.answeredCount,
    issues_count: row.issuesCount,
    started_at: iso(row.startedAt),
    updated_at: iso(row.updatedAt),
    completed_at: row.completedAt ? iso(row.completedAt) : null,
    archived_at: row.archivedAt ? iso(row.archivedAt) : null,
  };
}

async function describeOne(ctx: TenantContext, row: InspectionRow): Promise<Inspection> {
  return describeInspection(row, await auditorNames(ctx, [row]));
}

export async function pinnedDocument(ctx: TenantContext, row: InspectionRow): Promise<TemplateDocument> {
  const document = await versionDocument(ctx, row.versionId);
  if (!document) throw notFound();
  return document;
}

export async function inspectionDetail(ctx: TenantContext, id: string): Promise<InspectionDetail> {
  const row = openable(ctx, await repo.findInspection(ctx, id));
  const [document, rows, inspection] = await Promise.all([pinnedDocument(ctx, row), repo.listAnswerRows(ctx, id), describeOne(ctx, row)]);
  return {
    ...inspection,
    document,
    answers: storedAnswers(rows),
    instances: row.instances,
    revision: row.revision,
    can: abilitiesOn(ctx, row),
  };
}

// Lists -------------------------------------------------------------------------------------------

/** The archive is everyone's (its guard asks for the archive's or the manage code); the list, one's own unless the caller sees every inspection. */
function scopeOf(ctx: TenantContext, archived: boolean): InspectionScope {
  return archived || seesEveryInspection(ctx) ? { archived } : { archived, auditorId: ctx.actor.userId };
}

export async function inspectionList(ctx: TenantContext, query: ListQuery, archived: boolean) {
  const page = await repo.listInspections(ctx, query, scopeOf(ctx, archived));
  const names = await auditorNames(ctx, page.list);
  return { list: page.list.map((row) => describeInspection(row, names)), pagination: page.pagination };
}

// Writing rows ------------------------------------------------------------------------------------

/**
 * Writes the rows of the keys that changed: whole for changed answers, evaluated columns for the rest;
 * removed ones deleted. Answers the rows written whole, by key.
 */
async function writeRows(ctx: TenantContext, inspectionId: string, session: AnswerSession, changed: AppliedChanges, author: RowAuthor) {
  const answered: repo.NewAnswerRow[] = [];
  const evaluated: repo.NewAnswerRow[] = [];
  const removed: string[] = [];
  for (const key of new Set([...changed.answered, ...changed.evaluated])) {
    const row = answerRowOf(session, key, author);
    if (!row) removed.push(key);
    else (changed.answered.has(key) ? answered : evaluated).push(row);
  }
  await repo.deleteAnswerRows(ctx, inspectionId, removed);
  await repo.upsertAnswerRows(ctx, inspectionId, answered, true);
  await repo.upsertAnswerRows(ctx, inspectionId, evaluated, false);
  return new Map(answered.map((row) => [row.answerKey, row]));
}

/** Sets a server item's answer (a document id, a real date), counting it as a changed answer. */
function setServerAnswer(session: AnswerSession, key: string, answer: Answer | null, changed: AppliedChanges): void {
  changed.answered.add(key);
  for (const evaluated of setAnswer(session, key, answer)) changed.evaluated.add(evaluated);
}

/** Document ids whose format reads an answer that changed (or all of them, at the start) take their new value. */
function refreshDocumentIds(session: AnswerSession, number: number, changed: AppliedChanges, all = false): void {
  for (const item of topLevelItemsOfType(session, 'document_id')) {
    const inputs = documentIdInputs(item);
    if (!all && !inputs.some((id) => changed.answered.has(id))) continue;
    const value = documentIdOf(item, number, (itemId) => session.answers.get(itemId)?.value ?? null);
    if (session.answers.get(item.id)?.value !== value) setServerAnswer(session, item.id, { value }, changed);
  }
}

/** The asset an inspection is of, as its asset question (outside any repeatable) answers it. */
function assetAnswerOf(session: AnswerSession): repo.InspectionRow['asset'] {
  const [question] = topLevelItemsOfType(session, 'asset');
  const value = question ? session.answers.get(question.id)?.value : null;
  return value && typeof value === 'object' ? (value as NonNullable<repo.InspectionRow['asset']>) : null;
}

// Starting ----------------------------------------------------------------------------------------

const notStartable = () => new AppError(422, 'INS_TEMPLATE_NOT_STARTABLE', 'inspections.template_not_startable');

async function assetInUse(ctx: TenantContext, assetId: string | undefined) {
  if (!assetId) return null;
  const [asset] = await assetsByIds(ctx, [assetId]);
  if (!asset || asset.archived) throw validationFailed({ asset_id: [message('inspections.asset_not_in_use')] });
  return { id: asset.id, asset_id: asset.asset_id, display_name: asset.display_name };
}

/**
 * The answers a new inspection starts with: the template's defaults (inside a repeatable, on its one
 * default instance), the asset it was started for, and the real start time.
 */
function startingAnswers(session: AnswerSession, defaults: Record<string, Answer>, asset: Answer['value'] | null, startedAt: Date) {
  const changed = emptyChanges();
  for (const [itemId, answer] of Object.entries(defaults)) {
    const scope = session.evaluator.plan.scope.get(itemId) ?? null;
    const instance = scope === null ? null : (session.evaluator.instances(scope)[0] ?? null);
    setServerAnswer(session, answerKey(itemId, instance), answer, changed);
  }
  const [question] = topLevelItemsOfType(session, 'asset');
  if (question && asset) setServerAnswer(session, question.id, { value: asset }, changed);
  for (const item of topLevelItemsOfType(session, 'inspection_real_start_date')) {
    setServerAnswer(session, item.id, { value: wallClockText(startedAt) }, changed);
  }
  return changed;
}

export async function startInspection(ctx: TenantContext, body: NewInspection, ip: string): Promise<InspectionDetail> {
  if (body.prefill && !body.asset_id) throw validationFailed({ prefill: [message('inspections.prefill_needs_asset')] });
  const version = await startableVersion(ctx, body.template_id);
  if (!version) throw notStartable();
  const asset = await assetInUse(ctx, body.asset_id);
  const document = await versionDocument(ctx, version.versionId);
  if (!document) throw notStartable();
  const id = randomUUID();
  const startedAt = new Date();
  const session = openSession(document, new Map(), {}, startedAt);
  const changed = startingAnswers(session, initialAnswers(document, startedAt), asset, startedAt);
  const source = body.prefill && asset ? await lastCompletedInspection(ctx, version.templateId, asset.id) : null;
  if (source) {
    const carried = await carryOver(session, await repo.listAnswerRows(ctx, source.id), source.instances, (ids) =>
      lookUpReferences(ctx, id, ids),
    );
    for (const key of carried.answered) changed.answered.add(key);
    for (const key of carried.evaluated) changed.evaluated.add(key);
  }

  await repo.lockNumbering(ctx);
  const number = await repo.nextNumber(ctx);
  refreshDocumentIds(session, number, changed, true);
  await repo.insertInspection(ctx, {
    id,
    number,
    templateId: version.templateId,
    versionId: version.versionId,
    title: version.title,
    assetId: asset?.id ?? null,
    asset,
    startedBy: ctx.actor.userId,
    startedAt,
    instances: session.instances,
    ...totalsOf(session),
  });
  const author: RowAuthor = { userId: ctx.actor.userId, deviceId: null, at: startedAt };
  await writeRows(ctx, id, session, { ...changed, evaluated: new Set(everyStateKey(session)) }, author);
  await recordActivity(ctx, {
    type: 'inspection.started',
    objectType: 'inspection',
    objectId: id,
    after: {
      title: version.title,
      number,
      version: version.version,
      asset: asset?.display_name,
      source: source ? `#${source.number}` : undefined,
    },
    ip,
  });
  return inspectionDetail(ctx, id);
}

/**
 * The last completed inspection of a template on an asset, in use (not archived), that the caller may
 * open: what a new inspection of it carries over (docs/inspections.md "Pre-fill").
 */
export async function lastCompletedInspection(ctx: TenantContext, templateId: string, assetId: string): Promise<InspectionRow | null> {
  return repo.findLastCompleted(ctx, templateId, assetId, mayReadReports(ctx) ? undefined : ctx.actor.userId);
}

export async function prefillSource(ctx: TenantContext, templateId: string, assetId: string): Promise<Inspection | null> {
  const row = await lastCompletedInspection(ctx, templateId, assetId);
  return row ? describeOne(ctx, row) : null;
}

// Saving ------------------------------------------------------------------------------------------

const sessions = createSessionCache();

export async function lookUpReferences(
  ctx: TenantContext,
  inspectionId: string,
  ids: ReturnType<typeof referencedIds>,
): Promise<References> {
  const [files, people, assets] = await Promise.all([
    repo.findMediaFiles(ctx, inspectionId, ids.media),
    peopleByIds(ctx, repo.uuidsOf(ids.people)),
    assetsByIds(ctx, repo.uuidsOf(ids.assets)),
  ]);
  return {
    media: new Map(files.map((file) => [file.id, { id: file.id, url: fileUrl(file.path), name: file.name, mime: file.mime }])),
    people: new Map(people.filter((person) => person.active).map((person) => [person.id, person.name])),
    assets: new Map(
      assets
        .filter((asset) => !asset.archived)
        .map((asset) => [asset.id, { id: asset.id, asset_id: asset.asset_id, display_name: asset.display_name }]),
    ),
  };
}

const answersRefused = (fields: FieldMessages) =>
  new AppError(422, 'INS_ANSWERS_REFUSED', 'inspections.answers_refused', {}, undefined, fields);

function savedResult(inspection: Omit<InspectionRow, 'version'>, savedAt: Date): AnswersSaved {
  return {
    revision: inspection.revision,
    status: inspection.status,
    score: inspection.score,
    score_points: inspection.scorePoints,
    max_points: inspection.maxPoints,
    failed_count: inspection.failedCount,
    answered_count: inspection.answeredCount,
    saved_at: iso(savedAt),
  };
}

export type AnswersSaveBody = z.output<typeof AnswersSaveSchema>;

/**
 * A burst of answers, applied whole or not at all (docs/inspections.md "Saving"). The inspection's
 * row is locked first, so saves of one inspection apply one after the other, and a save already
 * applied (its change id) answers its first result again.
 */
export async function saveAnswers(ctx: TenantContext, id: string, body: AnswersSaveBody, ip: string): Promise<AnswersSaved> {
  const row = conductable(ctx, await repo.findInspection(ctx, id, true));
  const replay = await repo.findSave(ctx, id, body.change_id);
  if (replay) return replay;
  assertTakesAnswers(ctx, row);
  const now = new Date();
  const { session, rows } = await sessionForSave(ctx, row, now);
  const references = await lookUpReferences(ctx, id, referencedIds(session, body.changes));

  const changed = emptyChanges();
  applyInstances(session, body.instances, changed);
  applyAnswerChanges(session, body.changes, references, changed);
  if (Object.keys(changed.problems).length > 0) throw answersRefused(changed.problems);
  refreshDocumentIds(session, row.number, changed);

  const somethingChanged = changed.answered.size > 0 || changed.evaluated.size > 0 || changed.instancesChanged;
  let after = row;
  if (somethingChanged) {
    const values = {
      ...totalsOf(session),
      ...assetColumns(session, changed),
      revision: row.revision + 1,
      instances: session.instances,
      status: row.status === 'todo' && changed.setsAnswer ? 'in_progress' : row.status,
    } satisfies repo.InspectionUpdate;
    const written = await writeRows(ctx, id, session, changed, { userId: ctx.actor.userId, deviceId: body.device_id ?? null, at: now });
    const updatedAt = await repo.updateInspection(ctx, id, values);
    if (rows) {
      await insertHistory(ctx, id, values.revision, now, historyEntries(rows, changed.answered, written));
      await recordEditAfterCompletion(ctx, row, values.revision, ip);
    }
    after = { ...row, ...values, updatedAt };
  }
  const result = savedResult(after, now);
  await repo.insertSave(ctx, id, body.change_id, result);
  sessions.put(ctx.workspaceId, id, after, session);
  return result;
}

/**
 * The session of the inspection's answers: the one this server kept from the last save, else built
 * from the rows. An edit of a completed inspection reads the rows: they are its history's "before"
 * (`rows` is null otherwise).
 */
async function sessionForSave(ctx: TenantContext, row: InspectionRow, now: Date) {
  const kept = sessions.take(ctx.workspaceId, row.id, row);
  if (kept && row.status !== 'completed') {
    advanceClock(kept, now);
    return { session: kept, rows: null };
  }
  const [document, rows] = await Promise.all([pinnedDocument(ctx, row), repo.listAnswerRows(ctx, row.id)]);
  return { session: sessionOfRows(document, rows, row.instances, now), rows: row.status === 'completed' ? rows : null };
}

/** The inspection's asset columns when its asset question's answer changed. */
function assetColumns(session: AnswerSession, changed: AppliedChanges): Partial<Pick<InspectionRow, 'asset' | 'assetId'>> {
  const [question] = topLevelItemsOfType(session, 'asset');
  if (!question || !changed.answered.has(question.id)) return {};
  const asset = assetAnswerOf(session);
  return { asset, assetId: asset?.id ?? null };
}

/** A manager's change to a completed inspection is recorded, beside its answer-by-answer history. */
function recordEditAfterCompletion(ctx: TenantContext, row: InspectionRow, revision: number, ip: string) {
  return recordActivity(ctx, {
    type: 'inspection.edited_after_completion',
    objectType: 'inspection',
    objectId: row.id,
    before: { revision: row.revision },
    after: { revision },
    ip,
  });
}

// Media -------------------------------------------------------------------------------------------

/** Stores an upload as a file of an inspection the caller may answer now. */
export async function addMedia(ctx: TenantContext, id: string, store: () => Promise<StoredFile>): Promise<InspectionMedia> {
  const row = conductable(ctx, await repo.findInspection(ctx, id));
  assertTakesAnswers(ctx, row);
  const file = await store();
  await repo.insertMedia(ctx, id, file.id);
  return { id: file.id, url: file.url, name: file.name, mime: file.mime, size: file.size };
}

// Finishing ---------------------------------------------------------------------------------------

/** Required answers, notes and files missing among the shown questions, by answer key in document order. */
function missingAnswers(session: AnswerSession): FieldMessages {
  const missing: FieldMessages = {};
  for (const key of keysInDocumentOrder(session)) {
    const item = itemOf(session, key);
    const state = session.evaluator.states().get(key);
    if (!item || !state || answerKindOf(item) === 'none') continue;
    const problems = checkAnswer(item, state, session.answers.get(key)).filter((problem) => problem.code === 'CKL_FIELD_REQUIRED');
    if (problems.length === 0) continue;
    missing[`answers.${key}`] = problems.map((problem) =>
      problem.field === 'note'
        ? message('inspections.note_required')
        : problem.field === 'media'
          ? message('inspections.media_required')
          : checklistMessage(problem.code),
    );
  }
  return missing;
}

export async function finishInspection(ctx: TenantContext, id: string, ip: string): Promise<InspectionDetail> {
  const row = conductable(ctx, await repo.findInspection(ctx, id, true));
  assertFinishable(row);
  const now = new Date();
  const [document, rows] = await Promise.all([pinnedDocument(ctx, row), repo.listAnswerRows(ctx, id)]);
  const session = sessionOfRows(document, rows, row.instances, now);
  const missing = missingAnswers(session);
  if (Object.keys(missing).length > 0) {
    throw new AppError(422, 'INS_ANSWERS_MISSING', 'inspections.answers_missing', {}, undefined, missing);
  }
  const changed = emptyChanges();
  for (const item of topLevelItemsOfType(session, 'inspection_real_end_date')) {
    setServerAnswer(session, item.id, { value: wallClockText(now) }, changed);
  }
  await writeRows(ctx, id, session, changed, { userId: ctx.actor.userId, deviceId: null, at: now });
  const totals = totalsOf(session);
  await repo.updateInspection(ctx, id, {
    ...totals,
    status: 'completed',
    completedAt: now,
    completedBy: ctx.actor.userId,
    revision: row.revision + 1,
  });
  await recordActivity(ctx, {
    type: 'inspection.completed',
    objectType: 'inspection',
    objectId: id,
    after: { score: totals.score === null ? null : Math.round(totals.score * 100) / 100 },
    ip,
  });
  return inspectionDetail(ctx, id);
}

// Archive, restore, delete ------------------------------------------------------------------------

/** Archives (or restores) inspections chosen in a list (archive: the list of those in use; restore: the archive). */
export async function setArchived(ctx: TenantContext, selection: Selection, archive: boolean, ip: string) {
  const where = repo.selectionCondition(ctx, selection, { archived: !archive });
  const changed = await repo.setInspectionsArchived(ctx, where, archive);
  await recordEachOrCount(ctx, changed, { type: archive ? 'inspection.archived' : 'inspection.restored', objectType: 'inspection', ip });
  return { count: changed.length };
}

export async function archiveInspection(ctx: TenantContext, id: string, archive: boolean, ip: string): Promise<Inspection> {
  const row = await repo.findInspection(ctx, id);
  if (!row) throw notFound();
  if ((row.archivedAt !== null) !== archive) await setArchived(ctx, { ids: [id] }, archive, ip);
  const after = await repo.findInspection(ctx, id);
  return describeOne(ctx, after!);
}

/** Removes files' rows in the caller's transaction; their bytes go once it commits (`files.removingFiles`). */
export type RemoveFiles = (fileIds: readonly string[]) => Promise<number>;

/** Deletes inspections chosen in a list (`archived`: the archive's), with their answers and media files. */
export async function removeInspections(ctx: TenantContext, selection: Selection, archived: boolean, removeFiles: RemoveFiles, ip: string) {
  const where = repo.selectionCondition(ctx, selection, { archived });
  const fileIds = [...(await repo.mediaFileIdsOf(ctx, where)), ...(await pdfFileIdsOf(ctx, where))];
  const deleted = await repo.deleteInspections(ctx, where);
  await removeFiles(fileIds);
  await recordEachOrCount(ctx, deleted, { type: 'inspection.deleted', objectType: 'inspection', ip });
  return { count: deleted.length };
}

export async function removeInspection(ctx: TenantContext, id: string, removeFiles: RemoveFiles, ip: string): Promise<void> {
  const row = await repo.findInspection(ctx, id);
  if (!row) throw notFound();
  await removeInspections(ctx, { ids: [id] }, row.archivedAt !== null, removeFiles, ip);
}
