/**
 * A save's changes applied to a session, each checked as the domain checks it and against the
 * workspace's files, people and assets (docs/inspections.md "Saving"). What is refused is reported
 * by answer key and left unapplied; the service refuses the whole save when anything was.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  answerKey,
  answerKindOf,
  checkAnswer,
  checkAnswerChange,
  parseAnswerKey,
  type Answer,
  type AnswerKind,
  type AssetValue,
  type MediaValue,
  type ValueProblem,
} from '@vigil/checklist';
import type { AnswerChange, AnswerInput } from '@vigil/contracts';
import { checklistMessage, message, type FieldMessages, type Message } from '../../platform/errors.ts';
import { itemOf, setAnswer, type AnswerSession } from './answer-session.ts';

/** What the server knows of the things answers may name: files of this inspection, active members, assets in use. */
export interface References {
  media: ReadonlyMap<string, MediaValue>;
  people: ReadonlyMap<string, string>;
  assets: ReadonlyMap<string, AssetValue>;
}

export interface InstancesChange {
  repeatable_id: string;
  instance_ids: string[];
}

export interface AppliedChanges {
  problems: FieldMessages;
  /** Keys whose evaluated state changed (their rows' evaluated columns move). */
  evaluated: Set<string>;
  /** Keys whose answer itself changed (their rows are written whole). */
  answered: Set<string>;
  /** Whether a change gave an answer (the first such save moves an inspection to in progress). */
  setsAnswer: boolean;
  instancesChanged: boolean;
}

export function emptyChanges(): AppliedChanges {
  return { problems: {}, evaluated: new Set(), answered: new Set(), setsAnswer: false, instancesChanged: false };
}

const INSTANCE_ID = /^[A-Za-z0-9_-]{1,100}$/;

const refuse = (changes: AppliedChanges, field: string, entry: Message) => {
  (changes.problems[field] ??= []).push(entry);
};
const domainMessage = (problem: ValueProblem) => checklistMessage(problem.code, problem.params);

// Instances ---------------------------------------------------------------------------------------

/** Sets repeatables' instances in the given order; an instance left out takes its answers with it. */
export function applyInstances(session: AnswerSession, changes: readonly InstancesChange[], applied: AppliedChanges): void {
  const { evaluator } = session;
  for (const change of changes) {
    const field = `instances.${change.repeatable_id}`;
    if (!evaluator.plan.scopeMembers.has(change.repeatable_id)) {
      refuse(applied, field, message('inspections.not_repeatable'));
      continue;
    }
    const wanted = change.instance_ids;
    if (new Set(wanted).size !== wanted.length || !wanted.every((id) => INSTANCE_ID.test(id))) {
      refuse(applied, field, message('inspections.instance_ids_invalid'));
      continue;
    }
    const current = [...evaluator.instances(change.repeatable_id)];
    for (const removed of current.filter((id) => !wanted.includes(id))) {
      for (const key of evaluator.removeInstance(change.repeatable_id, removed)) applied.evaluated.add(key);
      for (const member of evaluator.plan.scopeMembers.get(change.repeatable_id) ?? []) {
        const key = answerKey(member, removed);
        if (session.answers.delete(key)) applied.answered.add(key);
        applied.evaluated.add(key);
      }
    }
    for (const added of wanted.filter((id) => !current.includes(id))) {
      for (const key of evaluator.addInstance(change.repeatable_id, added)) applied.evaluated.add(key);
    }
    if (current.join('\n') !== wanted.join('\n')) {
      session.instances[change.repeatable_id] = [...wanted];
      applied.instancesChanged = true;
    }
  }
}

// References --------------------------------------------------------------------------------------

const idOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string' ? value.id : null;

/** The file ids a value of this kind holds (a list of files, or a signature's drawing). */
function fileIdsInValue(kind: AnswerKind, value: unknown): string[] {
  if (kind === 'media' && Array.isArray(value)) return value.flatMap((entry) => idOf(entry) ?? []);
  if (kind === 'signature' && typeof value === 'object' && value !== null && 'file' in value) return [idOf(value.file) ?? []].flat();
  return [];
}

/** The files, people and assets the changes name, to be looked up once before they are applied. */
export function referencedIds(session: AnswerSession, changes: readonly AnswerChange[]) {
  const media = new Set<string>();
  const people = new Set<string>();
  const assets = new Set<string>();
  for (const { key, answer } of changes) {
    const item = itemOf(session, key);
    if (!item || !answer) continue;
    const kind = answerKindOf(item);
    for (const id of fileIdsInValue(kind, answer.value)) media.add(id);
    for (const entry of answer.media ?? []) media.add(entry.id);
    const named = idOf(answer.value);
    if (kind === 'person' && named) people.add(named);
    if (kind === 'asset' && named) assets.add(named);
  }
  return { media: [...media], people: [...people], assets: [...assets] };
}

/**
 * The value as the server writes it: files, people and assets described by the server (a client
 * cannot name a file elsewhere, nor rename a person); null when it names one the server does not know.
 */
function resolvedValue(kind: AnswerKind, value: unknown, references: References): { value: unknown } | null {
  switch (kind) {
    case 'media': {
      const files = (value as MediaValue[]).map((entry) => references.media.get(entry.id));
      return files.every((file) => file !== undefined) ? { value: files } : null;
    }
    case 'signature': {
      const signature = value as { file: MediaValue; name: string; signed_at?: string };
      const file = references.media.get(signature.file.id);
      return file ? { value: { ...signature, file } } : null;
    }
    case 'person': {
      const id = idOf(value)!;
      const name = references.people.get(id);
      return name === undefined ? null : { value: { id, name } };
    }
    case 'asset': {
      const asset = references.assets.get(idOf(value)!);
      return asset ? { value: asset } : null;
    }
    default:
      return { value };
  }
}

const REFERENCE_REFUSALS: Partial<Record<AnswerKind, Message>> = {
  media: message('inspections.media_not_uploaded'),
  signature: message('inspections.media_not_uploaded'),
  person: message('inspections.person_not_member'),
  asset: message('inspections.asset_not_in_use'),
};

// Answers -----------------------------------------------------------------------------------------

/** Whether a key names an instance that exists for its item: none outside a repeatable, one of its instances inside. */
function instanceExists(session: AnswerSession, key: string): boolean {
  const { itemId, instanceId } = parseAnswerKey(key);
  const scope = session.evaluator.plan.scope.get(itemId) ?? null;
  if (scope === null) return instanceId === null;
  return instanceId !== null && session.evaluator.instances(scope).includes(instanceId);
}

/** Compared as values: a stored answer comes back from jsonb with its keys in another order. */
function sameAnswer(a: Answer | undefined, b: Answer | null): boolean {
  return isDeepStrictEqual(a ?? null, b);
}

type Checked = { ok: true; answer: Answer | null } | { ok: false; refusal: Message };
const refused = (refusal: Message): Checked => ({ ok: false, refusal });

/** The answer to store (null: cleared), or the refusal: the domain's checks, then the files, people and assets it names. */
function checkedAnswer(session: AnswerSession, key: string, input: AnswerInput | null, references: References): Checked {
  const item = itemOf(session, key);
  if (!item) return refused(message('inspections.unknown_question'));
  if (!instanceExists(session, key)) return refused(message('inspections.unknown_instance'));
  const { itemId, instanceId } = parseAnswerKey(key);
  const state = session.evaluator.get(itemId, instanceId);
  const value = input?.value ?? null;
  const shape = checkAnswerChange(session.document, item, state, value);
  if (shape) return refused(domainMessage(shape));
  if (!input) return { ok: true, answer: null };
  // Required answers, notes and files are for finishing; a save checks only the value itself.
  const bounds = checkAnswer(item, state, { value }).find((problem) => problem.field === 'value' && problem.code !== 'CKL_FIELD_REQUIRED');
  if (bounds) return refused(checklistMessage(bounds.code, bounds.params));
  const kind = answerKindOf(item);
  const resolved = value === null ? { value: null } : resolvedValue(kind, value, references);
  if (!resolved) return refused(REFERENCE_REFUSALS[kind] ?? message('inspections.unknown_question'));
  const media = (input.media ?? []).map((entry) => references.media.get(entry.id));
  if (!media.every((file): file is MediaValue => file !== undefined)) return refused(message('inspections.media_not_uploaded'));
  return {
    ok: true,
    answer: {
      value: resolved.value,
      ...(input.note ? { note: input.note } : {}),
      ...(media.length > 0 ? { media } : {}),
      ...(input.rating ? { rating: input.rating } : {}),
    },
  };
}

/** Applies the answer changes in order; a refused change is reported and skipped, so the ones after it are still checked. */
export function applyAnswerChanges(
  session: AnswerSession,
  changes: readonly AnswerChange[],
  references: References,
  applied: AppliedChanges,
): void {
  for (const change of changes) {
    const checked = checkedAnswer(session, change.key, change.answer, references);
    if (!checked.ok) {
      refuse(applied, `answers.${change.key}`, checked.refusal);
      continue;
    }
    if (checked.answer) applied.setsAnswer = true;
    // Saving a carried-over answer again, even unchanged, confirms it: its row is written anew.
    const confirms = session.carriedOver.delete(change.key);
    if (sameAnswer(session.answers.get(change.key), checked.answer)) {
      if (confirms) applied.answered.add(change.key);
      continue;
    }
    applied.answered.add(change.key);
    for (const key of setAnswer(session, change.key, checked.answer)) applied.evaluated.add(key);
  }
}
