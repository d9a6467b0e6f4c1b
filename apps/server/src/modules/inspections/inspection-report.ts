/**
 * The report of an inspection as its readers see it (docs/inspections.md "Report"): the summary, the
 * keys shown in document order (hidden and excluded items left out, as the rules say), the failed ones,
 * the shown answers with their authors' names and file URLs the reader may open, and the evaluated
 * states. No database here; the service loads and decides who reads.
 */
import { answerKindOf, isBlank, isFailed, type MediaValue, type TemplateDocument } from '@vigil/checklist';
import type { InspectionReport, ReportAnswer, ReportBranding, ReportSummary, StoredAnswer } from '@vigil/contracts';
import { itemOf, keysInDocumentOrder, sessionOfRows, storedAnswers } from './answer-session.ts';
import type { AnswerRow, InspectionRow } from './inspections.repo.ts';

export interface ReportReader {
  /** The URL the reader opens a file of this inspection at. */
  fileUrl: (file: MediaValue) => string;
  /** A share link's reader sees people by name only: a person answer loses its id. */
  namesOnly: boolean;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function summaryOf(row: InspectionRow, names: ReadonlyMap<string, string>): ReportSummary {
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? '') : null);
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    version: Number(row.version),
    status: row.status,
    asset: row.asset ?? null,
    auditor_name: nameOf(row.startedBy),
    completed_by_name: nameOf(row.completedBy),
    score: row.score,
    score_points: row.scorePoints,
    max_points: row.maxPoints,
    failed_count: row.failedCount,
    answered_count: row.answeredCount,
    issues_count: row.issuesCount,
    started_at: row.startedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: iso(row.completedAt),
    archived_at: iso(row.archivedAt),
    revision: row.revision,
  };
}

const isFile = (value: unknown): value is MediaValue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MediaValue).id === 'string' &&
  typeof (value as MediaValue).url === 'string';

/** The value with its files at the reader's URLs, and a person by name only where the reader sees no ids. */
function readerValue(kind: ReturnType<typeof answerKindOf>, value: unknown, reader: ReportReader): unknown {
  const file = (entry: MediaValue): MediaValue => ({ ...entry, url: reader.fileUrl(entry) });
  if (kind === 'media' && Array.isArray(value)) return (value as unknown[]).map((entry) => (isFile(entry) ? file(entry) : entry));
  if (kind === 'signature' && typeof value === 'object' && value !== null && isFile((value as { file?: unknown }).file)) {
    const signature = value as { file: MediaValue };
    return { ...signature, file: file(signature.file) };
  }
  if (kind === 'person' && reader.namesOnly && typeof value === 'object' && value !== null) {
    const { id: _id, ...named } = value as { id?: unknown };
    return named;
  }
  return value;
}

function readerAnswer(
  answer: StoredAnswer,
  kind: ReturnType<typeof answerKindOf>,
  reader: ReportReader,
  names: ReadonlyMap<string, string>,
) {
  const { updated_by, media, ...rest } = answer;
  const shown: ReportAnswer = {
    ...rest,
    value: readerValue(kind, answer.value, reader),
    ...(media ? { media: media.map((entry) => ({ ...entry, url: reader.fileUrl(entry) })) } : {}),
    answered_by: updated_by ? (names.get(updated_by) ?? '') : null,
  };
  return shown;
}

export interface ReportInput {
  row: InspectionRow;
  document: TemplateDocument;
  rows: readonly AnswerRow[];
  /** Names of the people the inspection and its answers name, by user id. */
  names: ReadonlyMap<string, string>;
  branding: ReportBranding;
  editedAfterCompletion: boolean;
  reader: ReportReader;
}

export function shapeReport(input: ReportInput): InspectionReport {
  const { row, document, rows, names, reader } = input;
  const session = sessionOfRows(document, rows, row.instances, row.completedAt ?? row.updatedAt);
  const states = session.evaluator.states();
  const stored = storedAnswers(rows);
  const report: InspectionReport = {
    inspection: summaryOf(row, names),
    document,
    shown: [],
    failed: [],
    answers: {},
    states: {},
    instances: row.instances,
    branding: input.branding,
    edited_after_completion: input.editedAfterCompletion,
  };
  for (const key of keysInDocumentOrder(session)) {
    const state = states.get(key);
    const item = itemOf(session, key);
    if (!state || !item || !state.visible || state.exclude_report) continue;
    report.shown.push(key);
    const failed = isFailed(state);
    if (failed) report.failed.push(key);
    const kind = answerKindOf(item);
    report.states[key] = {
      score: state.score,
      max_score: state.max_score,
      failed,
      ...(kind === 'none' && !isBlank(state.value) ? { value: state.value } : {}),
    };
    const answer = stored[key];
    if (answer) report.answers[key] = readerAnswer(answer, kind, reader, names);
  }
  return report;
}

/** The people a report names: the auditor, who completed it, and who gave each answer. */
export function peopleNamedBy(row: InspectionRow, rows: readonly AnswerRow[]): string[] {
  const ids = new Set<string>();
  for (const id of [row.startedBy, row.completedBy, ...rows.map((answer) => answer.updatedBy)]) if (id) ids.add(id);
  return [...ids];
}
