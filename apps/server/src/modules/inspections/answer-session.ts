/**
 * An inspection's answers held against its pinned document: the domain's evaluator over the stored
 * answers, and what the server derives from it (the answer rows, the totals, the missing answers).
 * No database here; the service loads and writes.
 */
import {
  answerKey,
  answerKindOf,
  createEvaluator,
  DEFAULT_INSTANCE_ID,
  formatRuleDate,
  isBlank,
  isFailed,
  isRepeatableItem,
  parseAnswerKey,
  wallClock,
  type Answer,
  type Evaluator,
  type Item,
  type ItemState,
  type TemplateDocument,
} from '@vigil/checklist';
import type { StoredAnswer } from '@vigil/contracts';
import type { AnswerRow, NewAnswerRow } from './inspections.repo.ts';

export interface AnswerSession {
  document: TemplateDocument;
  evaluator: Evaluator;
  /** The answers given (by the inspector, or by the server for its own items), by answer key. */
  answers: Map<string, Answer>;
  /** Repeat instance ids per repeatable, as stored (a repeatable left out has the one default instance). */
  instances: Record<string, string[]>;
  /** The time the evaluator reads (rules on the current date): the time of the save at hand. */
  clock: { now: Date };
  /** Answers carried over from the last inspection and not yet confirmed: saving one again confirms it. */
  carriedOver: Set<string>;
}

/** A row holds an answer when something of it was given; a row of a computed value has none of these. */
function isAnswerRow(row: AnswerRow): boolean {
  return row.value !== null || row.note !== null || row.media !== null || row.rating !== null;
}

function answerOfRow(row: AnswerRow): Answer {
  return {
    value: row.value,
    ...(row.note !== null ? { note: row.note } : {}),
    ...(row.media !== null ? { media: row.media } : {}),
    ...(row.rating !== null ? { rating: row.rating } : {}),
  };
}

type StoredColumns = Pick<AnswerRow, 'value' | 'note' | 'media' | 'rating' | 'carriedOver' | 'updatedBy'> & { updatedAt: Date };

/** One row's answer as the detail (and the history) answers it, with who gave it and when. */
export function storedAnswerOf(row: StoredColumns): StoredAnswer {
  return {
    value: row.value,
    ...(row.note !== null ? { note: row.note } : {}),
    ...(row.media !== null ? { media: row.media } : {}),
    ...(row.rating !== null ? { rating: row.rating } : {}),
    ...(row.carriedOver ? { carried_over: true } : {}),
    updated_at: row.updatedAt.toISOString(),
    ...(row.updatedBy ? { updated_by: row.updatedBy } : {}),
  };
}

/** The answers as the detail answers them, with who gave each and when. */
export function storedAnswers(rows: readonly AnswerRow[]): Record<string, StoredAnswer> {
  const answers: Record<string, StoredAnswer> = {};
  for (const row of rows) if (isAnswerRow(row)) answers[row.answerKey] = storedAnswerOf(row);
  return answers;
}

/** Every repeatable's instances: the stored ones, else the one default instance (ids the evaluator reads no scope of are ignored). */
function instancesOfEvery(document: TemplateDocument, stored: Record<string, string[]>): Record<string, string[]> {
  const repeatables = document.items.filter(isRepeatableItem);
  return Object.fromEntries(repeatables.map((item) => [item.id, stored[item.id] ?? [DEFAULT_INSTANCE_ID]]));
}

export function openSession(
  document: TemplateDocument,
  answers: Map<string, Answer>,
  instances: Record<string, string[]>,
  now: Date,
): AnswerSession {
  const clock = { now };
  const evaluator = createEvaluator(document, {
    answers: Object.fromEntries(answers),
    instances: instancesOfEvery(document, instances),
    now: () => clock.now,
  });
  return { document, evaluator, answers, instances: { ...instances }, clock, carriedOver: new Set() };
}

/** Moves a session kept from an earlier save on to the time of this one. */
export function advanceClock(session: AnswerSession, now: Date): void {
  session.clock.now = now;
  session.evaluator.refreshClock();
}

/** A session over the stored rows of an inspection. */
export function sessionOfRows(
  document: TemplateDocument,
  rows: readonly AnswerRow[],
  instances: Record<string, string[]>,
  now: Date,
): AnswerSession {
  const answers = new Map(rows.filter(isAnswerRow).map((row) => [row.answerKey, answerOfRow(row)]));
  const session = openSession(document, answers, instances, now);
  for (const row of rows) if (row.carriedOver && isAnswerRow(row)) session.carriedOver.add(row.answerKey);
  return session;
}

/** A wall-clock date of the server's own items (real start and end dates), as answers hold dates. */
export function wallClockText(now: Date): string {
  return formatRuleDate(wallClock(now));
}

/** The item an answer key names, or undefined. */
export function itemOf(session: AnswerSession, key: string): Item | undefined {
  return session.evaluator.plan.byId.get(parseAnswerKey(key).itemId);
}

/** Top-level items (outside any repeatable) of one type: the server's own items are never repeated. */
export function topLevelItemsOfType(session: AnswerSession, type: Item['type']): Item[] {
  const scope = session.evaluator.plan.scope;
  return session.document.items.filter((item) => item.type === type && (scope.get(item.id) ?? null) === null);
}

/** Sets (or with null clears) one answer in the session; answers the keys whose evaluated state changed. */
export function setAnswer(session: AnswerSession, key: string, answer: Answer | null): string[] {
  if (answer) session.answers.set(key, answer);
  else session.answers.delete(key);
  return session.evaluator.update(key, answer);
}

// Rows --------------------------------------------------------------------------------------------

const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : null;

const idOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string' ? value.id : null;

/** The value again in typed columns for SQL: a number, a text (a choice's uuid, a person's or asset's id), the choices. */
function typedColumns(item: Item, value: unknown): Pick<NewAnswerRow, 'valueNumber' | 'valueText' | 'valueChoices'> {
  const kind = answerKindOf(item);
  return {
    valueNumber: typeof value === 'number' && Number.isFinite(value) ? value : null,
    valueText: typeof value === 'string' ? value : kind === 'person' || kind === 'asset' ? idOf(value) : null,
    valueChoices: kind === 'choice' && typeof value === 'string' ? [value] : kind === 'choices' ? stringsOf(value) : null,
  };
}

export interface RowAuthor {
  userId: string;
  deviceId: string | null;
  at: Date;
}

/** The row of one key as the session stands, or null when the key has neither an answer nor a computed value. */
export function answerRowOf(session: AnswerSession, key: string, author: RowAuthor): NewAnswerRow | null {
  const state = session.evaluator.states().get(key);
  const item = itemOf(session, key);
  const answer = session.answers.get(key);
  if (!state || !item || (!answer && isBlank(state.value))) return null;
  const { itemId, instanceId } = parseAnswerKey(key);
  return {
    answerKey: key,
    itemId,
    instanceId: instanceId ?? '',
    itemType: item.type,
    value: answer?.value ?? null,
    ...typedColumns(item, state.value),
    note: answer?.note ?? null,
    media: answer?.media ? (answer.media as NewAnswerRow['media']) : null,
    rating: answer?.rating ?? null,
    score: state.score,
    maxScore: state.max_score,
    failed: isFailed(state),
    carriedOver: session.carriedOver.has(key),
    updatedAt: author.at,
    updatedBy: author.userId,
    deviceId: author.deviceId,
  };
}

/** Every key that has a state, in the evaluator's order: what a new inspection writes rows for. */
export function everyStateKey(session: AnswerSession): string[] {
  return [...session.evaluator.states().keys()];
}

// Totals ------------------------------------------------------------------------------------------

export interface InspectionTotals {
  scorePoints: number;
  maxPoints: number;
  /** The percentage, null while nothing is scored. */
  score: number | null;
  failedCount: number;
  answeredCount: number;
}

/** Answered by the inspector: a question (not a computed or server item) that is shown and has a value. */
export function countsAsAnswered(item: Item, state: ItemState): boolean {
  return state.visible && state.answered && answerKindOf(item) !== 'none';
}

export function totalsOf(session: AnswerSession): InspectionTotals {
  const total = session.evaluator.total();
  let failedCount = 0;
  let answeredCount = 0;
  for (const state of session.evaluator.states().values()) {
    if (isFailed(state)) failedCount++;
    const item = session.evaluator.plan.byId.get(state.item_id);
    if (item && countsAsAnswered(item, state)) answeredCount++;
  }
  return { scorePoints: total.score, maxPoints: total.max, score: total.percentage, failedCount, answeredCount };
}

// Document order ----------------------------------------------------------------------------------

/**
 * Every answer key in the order the inspector meets them: items as the document lists them, and a
 * repeatable's items once per instance, instance after instance.
 */
export function keysInDocumentOrder(session: AnswerSession): string[] {
  const { plan } = session.evaluator;
  const keys: string[] = [];
  const items = session.document.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const scope = plan.scope.get(item.id) ?? null;
    if (scope === null) {
      keys.push(item.id);
      continue;
    }
    // The repeatable and the items under it follow one another in the document.
    let end = i;
    while (end + 1 < items.length && plan.scope.get(items[end + 1].id) === scope) end++;
    const members = items.slice(i, end + 1);
    for (const instance of session.evaluator.instances(scope)) for (const member of members) keys.push(answerKey(member.id, instance));
    i = end;
  }
  return keys;
}

// Document ids ------------------------------------------------------------------------------------

/** A value as a document id shows it: a text, a number, an address, a name. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (typeof value !== 'object' || value === null) return '';
  const entry = value as Record<string, unknown>;
  for (const field of ['address', 'display_name', 'name'] as const)
    if (typeof entry[field] === 'string' && entry[field]) return entry[field];
  if (typeof entry.latitude === 'number' && typeof entry.longitude === 'number') return `${entry.latitude}, ${entry.longitude}`;
  return '';
}

/**
 * A document id item's value from its format (`#{number}` by default): each `{key}` (with or without
 * a leading `#`) of its parts becomes the inspection's running number for a `unique` part, or the
 * answer of the item an `item` part names. Other text stays as written.
 */
export function documentIdOf(item: Item, number: number, valueOf: (itemId: string) => unknown): string {
  const format = typeof item.options.format === 'string' ? item.options.format : '#{number}';
  const parts = new Map((item.options.items ?? []).map((part) => [part.key, part]));
  return format.replace(/#?\{([^{}]+)\}/g, (placeholder, key: string) => {
    const part = parts.get(key);
    if (!part) return placeholder;
    if (part.type === 'unique') return String(number);
    return part.item_id ? textOf(valueOf(part.item_id)) : '';
  });
}

/** The items a document id item reads. */
export function documentIdInputs(item: Item): string[] {
  return (item.options.items ?? []).flatMap((part) => (part.type === 'item' && part.item_id ? [part.item_id] : []));
}
