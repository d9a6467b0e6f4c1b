/**
 * The report's reads (docs/inspections.md "Report"): the members' report and the shared one, the
 * history of edits after completion, and the files a share link serves.
 */
import { answerKindOf, type MediaValue } from '@vigil/checklist';
import { endpointPath, type HistoryPage, type InspectionReport, type ReportBranding, type StoredFileSize } from '@vigil/contracts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore, OpenedFile } from '../../platform/files/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { peopleByIds } from '../users/index.ts';
import { findAppSettings } from '../workspaces/index.ts';
import { itemOf, sessionOfRows } from './answer-session.ts';
import { openable } from './inspection-access.ts';
import { peopleNamedBy, shapeReport, type ReportReader } from './inspection-report.ts';
import * as reports from './inspection-reports.repo.ts';
import type { SharedInspection } from './inspection-shares.service.ts';
import * as repo from './inspections.repo.ts';
import type { InspectionRow } from './inspections.repo.ts';
import { pinnedDocument } from './inspections.service.ts';

type FileRow = NonNullable<Awaited<ReturnType<FileStore['findByUrl']>>>;

const sharedMediaUrl = (token: string, fileId: string) => endpointPath('/api/shared/inspections/:token/media/:fileId', { token, fileId });
const sharedLogoUrl = (token: string) => endpointPath('/api/shared/inspections/:token/logo', { token });

/** The workspace's logo when it is one of its stored files (the only kind a page of Vigil may show). */
async function logoFile(ctx: TenantContext, files: FileStore): Promise<{ url: string; file: FileRow } | null> {
  const settings = await findAppSettings(ctx.tx, ctx.workspaceId);
  if (!settings?.logo) return null;
  const file = await files.findByUrl(ctx, settings.logo);
  return file ? { url: settings.logo, file } : null;
}

async function brandingOf(ctx: TenantContext, files: FileStore, shareToken: string | null): Promise<ReportBranding> {
  const [settings, logo] = await Promise.all([findAppSettings(ctx.tx, ctx.workspaceId), logoFile(ctx, files)]);
  return {
    display_name: settings?.display_name ?? '',
    logo_url: logo ? (shareToken ? sharedLogoUrl(shareToken) : logo.url) : null,
  };
}

async function reportOf(
  ctx: TenantContext,
  files: FileStore,
  row: InspectionRow,
  reader: ReportReader & { shareToken: string | null },
): Promise<InspectionReport> {
  const [document, rows, branding, edited] = await Promise.all([
    pinnedDocument(ctx, row),
    repo.listAnswerRows(ctx, row.id),
    brandingOf(ctx, files, reader.shareToken),
    reader.shareToken ? Promise.resolve(false) : reports.hasHistory(ctx, row.id),
  ]);
  const names = new Map((await peopleByIds(ctx, peopleNamedBy(row, rows))).map((person) => [person.id, person.name]));
  return shapeReport({ row, document, rows, names, branding, editedAfterCompletion: edited, reader });
}

/** The report of an inspection the caller may open (another's without a report or manage code: 404). */
export async function memberReport(ctx: TenantContext, files: FileStore, id: string): Promise<InspectionReport> {
  const row = openable(ctx, await repo.findInspection(ctx, id));
  return reportOf(ctx, files, row, { shareToken: null, namesOnly: false, fileUrl: (file) => file.url });
}

/** The report a share link shows: files through the link, people by name only, no history. */
export function sharedReport(shared: SharedInspection, files: FileStore): Promise<InspectionReport> {
  const { token } = shared;
  return reportOf(shared.ctx, files, shared.inspection, {
    shareToken: token,
    namesOnly: true,
    fileUrl: (file: MediaValue) => sharedMediaUrl(token, file.id),
  });
}

export async function historyOf(ctx: TenantContext, id: string, query: { page: number; limit: number }): Promise<HistoryPage> {
  const row = openable(ctx, await repo.findInspection(ctx, id));
  const { rows, total } = await reports.listHistory(ctx, row.id, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const ids = [...new Set(rows.flatMap((entry) => entry.changedBy ?? []))];
  const names = new Map((await peopleByIds(ctx, ids)).map((person) => [person.id, person.name]));
  return {
    list: rows.map((entry) => ({
      id: entry.id,
      key: entry.answerKey,
      item_id: entry.itemId,
      instance_id: entry.instanceId === '' ? null : entry.instanceId,
      before: entry.before,
      after: entry.after,
      changed_by: entry.changedBy ? { id: entry.changedBy, name: names.get(entry.changedBy) ?? '' } : null,
      changed_at: entry.changedAt.toISOString(),
      revision: entry.revision,
    })),
    pagination: { total, limit: query.limit, current_page: query.page, total_pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

// Files of a share --------------------------------------------------------------------------------

/** The files the shown answers hold, per inspection revision: a share serves only these. Bounded, newest kept. */
const shownFiles = new Map<string, Set<string>>();
const SHOWN_FILES_KEPT = 200;

function filesOfAnswer(kind: ReturnType<typeof answerKindOf>, answer: { value: unknown; media?: MediaValue[] }): string[] {
  const ids = (answer.media ?? []).map((entry) => entry.id);
  const value = answer.value as { id?: unknown; file?: { id?: unknown } } | unknown[] | null;
  if (kind === 'media' && Array.isArray(value)) for (const entry of value) ids.push(String((entry as { id?: unknown }).id));
  if (kind === 'signature' && value && !Array.isArray(value) && typeof value.file?.id === 'string') ids.push(value.file.id);
  return ids;
}

async function shownFileIds(shared: SharedInspection): Promise<Set<string>> {
  const { ctx, inspection } = shared;
  const key = `${ctx.workspaceId}:${inspection.id}:${inspection.revision}`;
  const known = shownFiles.get(key);
  if (known) return known;
  const [document, rows] = await Promise.all([pinnedDocument(ctx, inspection), repo.listAnswerRows(ctx, inspection.id)]);
  const session = sessionOfRows(document, rows, inspection.instances, inspection.updatedAt);
  const states = session.evaluator.states();
  const ids = new Set<string>();
  for (const [answerKey, answer] of session.answers) {
    const state = states.get(answerKey);
    const item = itemOf(session, answerKey);
    if (!state || !item || !state.visible || state.exclude_report) continue;
    for (const id of filesOfAnswer(answerKindOf(item), answer as { value: unknown; media?: MediaValue[] })) ids.add(id);
  }
  shownFiles.set(key, ids);
  if (shownFiles.size > SHOWN_FILES_KEPT) shownFiles.delete(shownFiles.keys().next().value!);
  return ids;
}

/** A photo, recording, file or signature the shared report shows; any other file (another inspection's, a hidden answer's) answers 404. */
export async function sharedMedia(shared: SharedInspection, files: FileStore, fileId: string, size?: StoredFileSize): Promise<OpenedFile> {
  if (!(await shownFileIds(shared)).has(fileId)) throw notFound();
  const [uploaded] = await repo.findMediaFiles(shared.ctx, shared.inspection.id, [fileId]);
  const opened = uploaded ? await files.openInWorkspace(shared.ctx, uploaded.id, size) : null;
  if (!opened) throw notFound();
  return opened;
}

export async function sharedLogo(shared: SharedInspection, files: FileStore): Promise<OpenedFile> {
  const logo = await logoFile(shared.ctx, files);
  const opened = logo ? await files.openInWorkspace(shared.ctx, logo.file.id) : null;
  if (!opened) throw notFound();
  return opened;
}
