import {
  answerKey,
  checkAnswer,
  checkAnswerChange,
  createEvaluator,
  DEFAULT_INSTANCE_ID,
  parseAnswerKey,
  type Answer,
  type Evaluator,
  type TemplateDocument,
} from '@vigil/checklist';
import type { AnswerInput, AnswersSaved, InspectionDetail } from '@vigil/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChecklistSession } from '../../../components/checklist-renderer/index.ts';
import { saveAnswers } from '../api.ts';
import { AnswerSaver, type ChangeReadiness, type FlushResult, type SaveState } from './answer-saver.ts';
import type { AnswerOutbox, OutboxEntry } from './outbox.ts';

/** What the screen opens: the inspection, its pinned document read, and the saves this device still holds for it. */
export interface OpenedInspection {
  detail: InspectionDetail;
  document: TemplateDocument;
  pending: OutboxEntry[];
}

/** The renderer's session over an inspection, saving as the user goes, and what its screen shows around it. */
export interface InspectionSession extends ChecklistSession {
  saveState: SaveState;
  /** Messages under questions: the server's refusals of a save, the answers missing at finish. */
  errors: Record<string, string[]>;
  /** Sends every change that can be sent now and resolves once saved (before finishing). */
  flush: () => Promise<FlushResult>;
  /** The answers held back (a value that fails its checks, or one the server refused), in document order. */
  heldKeys: () => string[];
  /** Marks the answers the server found missing at finish, with its messages. */
  markMissing: (errors: Record<string, string[]>) => void;
  /** The inspection is completed: nothing more to send, and what this device kept for it can go. */
  complete: () => void;
  /** Changes this device kept that can no longer be saved (a read-only inspection): how many, and a way to drop them. */
  unsaved: number;
  discardUnsaved: () => void;
  /** Sends a save waiting for its retry at once. */
  retryNow: () => void;
  /** The answers carried over from the last inspection and not yet confirmed, in document order (none when locked). */
  carriedOver: () => string[];
  /** Confirms a carried-over answer as it is: saved again, which clears its mark on the server. */
  confirm: (key: string) => void;
  /** Confirms every carried-over answer whose question is shown and enabled. */
  confirmAll: () => void;
}

const DEVICE_KEY = 'vigil.inspections.device';

/** This browser's id, sent with each save (the per-answer merge of later increments reads it). */
function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) localStorage.setItem(DEVICE_KEY, (id = crypto.randomUUID()));
    return id;
  } catch {
    return 'unknown';
  }
}

/** A repeat instance's id: short, random, unique enough within one repeatable. */
export function newInstanceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((byte) => byte.toString(36).padStart(2, '0')).join('');
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** An answer as a save sends it: its value, note, files and rating, nothing of the bookkeeping. */
export function toAnswerInput(answer: Answer | null | undefined): AnswerInput | null {
  if (!answer) return null;
  const input: AnswerInput = { value: answer.value ?? null };
  if (answer.note !== undefined) input.note = answer.note;
  if (answer.rating !== undefined) input.rating = answer.rating;
  if (answer.media !== undefined) {
    input.media = answer.media.map((file) => {
      const entry = file as { id: string | number; url?: string | null; name?: unknown; mime?: unknown };
      return {
        id: String(entry.id),
        url: entry.url ?? '',
        ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
        ...(typeof entry.mime === 'string' ? { mime: entry.mime } : {}),
      };
    });
  }
  return input;
}

/** Whether an answer was carried over from the last inspection and not confirmed since (docs/inspections.md "Pre-fill"). */
export function isCarriedOver(answer: Answer | undefined): boolean {
  return answer?.carried_over === true;
}

/** The answer without its carried-over mark: the inspector gave or confirmed it. */
function confirmedAnswer(answer: Answer): Answer {
  if (!('carried_over' in answer)) return answer;
  const { carried_over: _carried, ...rest } = answer;
  return rest;
}

/** Whether nothing is left of an answer once its value is cleared. */
function isBlankAnswer(answer: Answer): boolean {
  return isEmpty(answer.value) && !answer.note && !(answer.media?.length ?? 0) && (answer.rating ?? null) === null;
}

function utcOffset(): number {
  return -new Date().getTimezoneOffset();
}

/** The stored answers with this device's unsaved changes over them, in the order they were made. */
function answersWithPending(opened: OpenedInspection, withPending: boolean) {
  const answers = new Map<string, Answer>(Object.entries(opened.detail.answers));
  const instances: Record<string, string[]> = { ...opened.detail.instances };
  if (withPending) {
    for (const entry of opened.pending) {
      for (const { repeatable_id, instance_ids } of entry.instances) instances[repeatable_id] = instance_ids;
      for (const { key, answer } of entry.changes) {
        if (answer === null) answers.delete(key);
        else answers.set(key, { ...answers.get(key), ...answer });
      }
    }
  }
  return { answers, instances };
}

/** The items' places in the document, to sort answer keys as the inspector meets them. */
function documentOrder(document: TemplateDocument, evaluator: Evaluator, keys: readonly string[]): string[] {
  // Asked on every render of the screen (what is carried over): mostly of nothing.
  if (keys.length === 0) return [];
  const position = new Map(document.items.map((item, index) => [item.id, index]));
  const rank = (key: string) => {
    const { itemId, instanceId } = parseAnswerKey(key);
    const scope = evaluator.plan.scope.get(itemId) ?? null;
    const instance = scope && instanceId ? evaluator.instances(scope).indexOf(instanceId) : 0;
    return [position.get(itemId) ?? Number.MAX_SAFE_INTEGER, instance] as const;
  };
  return [...new Set(keys)].sort((a, b) => {
    const [ia, xa] = rank(a);
    const [ib, xb] = rank(b);
    return ia - ib || xa - xb;
  });
}

/**
 * An inspection answered on this screen: the domain's evaluator over the pinned document and the
 * stored answers (with what this device has not saved yet), evaluated live like the builder's preview,
 * and saved as the user goes through `AnswerSaver` (bursts, one save at a time, the outbox, retries).
 */
export function useInspectionSession(
  opened: OpenedInspection,
  readOnly: boolean,
  outbox: AnswerOutbox,
  /** Each save's answer: the inspection's new status and totals. */
  onSaved?: (saved: AnswersSaved) => void,
): InspectionSession {
  const { detail, document } = opened;
  const inspectionId = detail.id;
  // Built once per inspection opened: the evaluator changes in place as answers come.
  const [engine] = useState(() => {
    const { answers, instances } = answersWithPending(opened, !readOnly);
    const evaluator = createEvaluator(document, {
      answers: Object.fromEntries(answers),
      instances,
      now: () => new Date(),
      utcOffsetMinutes: utcOffset(),
    });
    return { answers, evaluator };
  });
  const { answers, evaluator } = engine;
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const [unsaved, setUnsaved] = useState(() => (readOnly ? opened.pending.reduce((n, entry) => n + entry.changes.length, 0) : 0));
  // Bumped after every change: the evaluator changed in place.
  const [, setVersion] = useState(0);
  const [finished, setFinished] = useState(false);
  const locked = readOnly || finished;

  const readiness = useCallback(
    (key: string, answer: AnswerInput | null): ChangeReadiness => {
      const { itemId, instanceId } = parseAnswerKey(key);
      const item = evaluator.plan.byId.get(itemId);
      const state = evaluator.get(itemId, instanceId);
      if (!item || !state || !state.visible || !state.enabled) return 'wait';
      if (checkAnswerChange(document, item, state, answer?.value ?? null)) return 'invalid';
      // Required answers, notes and files are asked for at finish, not on each save.
      const problems = checkAnswer(item, state, answer ?? undefined).filter((problem) => problem.code !== 'CKL_FIELD_REQUIRED');
      return problems.length ? 'invalid' : 'send';
    },
    [evaluator, document],
  );

  const saverRef = useRef<AnswerSaver | null>(null);
  const latestOnSaved = useRef(onSaved);
  latestOnSaved.current = onSaved;
  useEffect(() => {
    if (readOnly) return;
    const saver = new AnswerSaver({
      inspectionId,
      outbox,
      send: (save) => saveAnswers(inspectionId, save),
      readiness,
      deviceId: deviceId(),
      onState: setSaveState,
      onSaved: (saved) => latestOnSaved.current?.(saved),
      onRefused: (refused) => setErrors((before) => ({ ...before, ...refused })),
    });
    saverRef.current = saver;
    saver.restore(opened.pending);
    const online = () => saver.retryNow();
    // Leaving the page (a tab closed, an app switched on a phone): send what is collecting now.
    const hidden = () => {
      if (window.document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('online', online);
    window.document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.document.removeEventListener('visibilitychange', hidden);
      saver.dispose();
      saverRef.current = null;
    };
  }, [inspectionId, outbox, readiness, readOnly, opened.pending]);

  const changed = useCallback((key: string) => {
    setTouched((before) => (before.has(key) ? before : new Set(before).add(key)));
    setErrors((before) => {
      if (!(key in before)) return before;
      const next = { ...before };
      delete next[key];
      return next;
    });
    setVersion((n) => n + 1);
    saverRef.current?.recheck();
  }, []);

  const keyOf = useCallback(
    (itemId: string) => {
      const scope = evaluator.plan.scope.get(itemId) ?? null;
      return scope === null ? itemId : answerKey(itemId, evaluator.instances(scope)[0] ?? DEFAULT_INSTANCE_ID);
    },
    [evaluator],
  );
  const answerOf = useCallback((key: string) => answers.get(key), [answers]);

  const setAnswer = useCallback(
    (key: string, next: Answer | null) => {
      // An answer given or touched again is the inspector's: it is no longer carried over.
      if (next === null || isBlankAnswer(next)) answers.delete(key);
      else answers.set(key, confirmedAnswer(next));
      const kept = answers.get(key) ?? null;
      evaluator.update(key, kept);
      saverRef.current?.change(key, toAnswerInput(kept));
      changed(key);
    },
    [answers, evaluator, changed],
  );

  const answer = useCallback(
    (key: string, value: unknown) => {
      if (locked || !evaluator.plan.byId.has(parseAnswerKey(key).itemId)) return;
      const before = answers.get(key);
      setAnswer(key, isEmpty(value) ? (before ? { ...before, value: null } : null) : { ...before, value });
    },
    [locked, evaluator, answers, setAnswer],
  );

  const annotate = useCallback(
    (key: string, patch: Pick<Answer, 'note' | 'media' | 'rating'>) => {
      if (locked || !evaluator.plan.byId.has(parseAnswerKey(key).itemId)) return;
      setAnswer(key, { value: null, ...answers.get(key), ...patch });
    },
    [locked, evaluator, answers, setAnswer],
  );

  const addInstance = useCallback(
    (repeatableId: string) => {
      if (locked) return;
      evaluator.addInstance(repeatableId, newInstanceId());
      saverRef.current?.setInstances(repeatableId, evaluator.instances(repeatableId));
      setVersion((n) => n + 1);
    },
    [locked, evaluator],
  );

  const removeInstance = useCallback(
    (repeatableId: string, instanceId: string) => {
      if (locked) return;
      const members = new Set(evaluator.plan.scopeMembers.get(repeatableId) ?? []);
      const dropped = [...answers.keys()].filter((key) => {
        const parsed = parseAnswerKey(key);
        return parsed.instanceId === instanceId && members.has(parsed.itemId);
      });
      for (const key of dropped) answers.delete(key);
      evaluator.removeInstance(repeatableId, instanceId);
      saverRef.current?.setInstances(repeatableId, evaluator.instances(repeatableId), dropped);
      setVersion((n) => n + 1);
    },
    [locked, evaluator, answers],
  );

  const flush = useCallback(() => saverRef.current?.flush() ?? Promise.resolve<FlushResult>({ ok: true }), []);
  const heldKeys = useCallback(() => documentOrder(document, evaluator, saverRef.current?.heldKeys() ?? []), [document, evaluator]);
  // The server's messages only: the renderer shows them under their questions (marking the keys touched too would say it twice).
  const markMissing = useCallback((missing: Record<string, string[]>) => setErrors((before) => ({ ...before, ...missing })), []);
  const complete = useCallback(() => {
    setFinished(true);
    setErrors({});
    saverRef.current?.discard();
  }, []);
  const discardUnsaved = useCallback(() => {
    void outbox.write(inspectionId, { remove: opened.pending.map((entry) => entry.change_id) });
    setUnsaved(0);
  }, [outbox, inspectionId, opened.pending]);
  const retryNow = useCallback(() => saverRef.current?.retryNow(), []);
  const carriedOver = useCallback(
    () =>
      locked
        ? []
        : documentOrder(
            document,
            evaluator,
            [...answers].filter(([, kept]) => isCarriedOver(kept)).map(([key]) => key),
          ),
    [locked, document, evaluator, answers],
  );
  const confirm = useCallback(
    (key: string) => {
      const kept = answers.get(key);
      if (locked || !kept || !isCarriedOver(kept)) return;
      setAnswer(key, kept);
    },
    [locked, answers, setAnswer],
  );
  const confirmAll = useCallback(() => {
    for (const key of carriedOver()) {
      const { itemId, instanceId } = parseAnswerKey(key);
      const state = evaluator.get(itemId, instanceId);
      if (state?.visible && state.enabled) confirm(key);
    }
  }, [carriedOver, evaluator, confirm]);

  return useMemo(
    () => ({
      evaluated: document,
      evaluator,
      keyOf,
      answerOf,
      answer,
      annotate: locked ? undefined : annotate,
      addInstance: locked ? undefined : addInstance,
      removeInstance: locked ? undefined : removeInstance,
      touched,
      readOnly: locked,
      saveState,
      errors,
      flush,
      heldKeys,
      markMissing,
      complete,
      unsaved,
      discardUnsaved,
      retryNow,
      carriedOver,
      confirm,
      confirmAll,
    }),
    [
      document,
      evaluator,
      keyOf,
      answerOf,
      answer,
      annotate,
      addInstance,
      removeInstance,
      touched,
      locked,
      saveState,
      errors,
      flush,
      heldKeys,
      markMissing,
      complete,
      unsaved,
      discardUnsaved,
      retryNow,
      carriedOver,
      confirm,
      confirmAll,
    ],
  );
}
