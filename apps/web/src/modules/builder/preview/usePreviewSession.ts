import {
  answerKey,
  createEvaluator,
  DEFAULT_INSTANCE_ID,
  initialAnswers,
  parseAnswerKey,
  wallClock,
  type Answer,
  type Answers,
  type Item,
  type TemplateDocument,
} from '@vigil/checklist';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChecklistSession } from '../../../components/checklist-renderer/index.ts';
import { fillTestAnswers } from './test-data.ts';

/** What the preview remembers of one answer: null when the tester cleared a default value. */
interface KeptAnswer {
  type: Item['type'];
  answer: Answer | null;
}

/** The renderer's session, kept in memory while the template is edited, with test data. */
export interface PreviewSession extends ChecklistSession {
  /** Answers every visible, unanswered question with test data; returns how many it answered. */
  fillWithTestData: () => number;
  /** Starts the inspection again: no answers but the defaults, nothing touched. */
  clearAnswers: () => void;
}

/** The browser's offset from UTC in minutes, for wall-clock dates. */
function utcOffset(now: Date): number {
  return -now.getTimezoneOffset();
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** An answer with nothing left in it (no value, note, file or rating) is no answer. */
function keptOrNull(answer: Answer): Answer | null {
  const bare = isEmpty(answer.value) && !answer.note && (answer.media?.length ?? 0) === 0 && (answer.rating ?? null) === null;
  return bare ? null : answer;
}

/**
 * Whether two documents evaluate alike: the same items with the same options (by identity: the
 * domain's operations copy only what they change), rule sets and response sets. Typing a title
 * changes none of these, so the preview keeps its evaluator and only re-renders.
 */
export function evaluatesAlike(a: TemplateDocument, b: TemplateDocument): boolean {
  if (
    a.info !== b.info ||
    a.rule_sets !== b.rule_sets ||
    a.responses !== b.responses ||
    a.global_responses !== b.global_responses ||
    a.custom_units !== b.custom_units
  )
    return false;
  if (a.items.length !== b.items.length) return false;
  return a.items.every((item, i) => {
    const other = b.items[i];
    return item.id === other.id && item.type === other.type && item.options === other.options && item.parent_id === other.parent_id;
  });
}

/**
 * The preview's inspection: an evaluator of `@vigil/checklist` over the document being edited, the
 * answers typed so far, and the defaults a new inspection starts with. A changed document builds a
 * new evaluator and keeps the answers of items that still exist with the same type.
 */
export function usePreviewSession(document: TemplateDocument): PreviewSession {
  const kept = useRef(new Map<string, KeptAnswer>());
  // Repeat instances added or removed in the preview, kept across a rebuilt evaluator.
  const keptInstances = useRef(new Map<string, readonly string[]>());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  // Bumped after every answer to re-render: the evaluator changed in place.
  const [, setVersion] = useState(0);
  // Bumped by "Clear answers" to build a fresh evaluator over the same document.
  const [restarts, setRestarts] = useState(0);
  // The document last evaluated; replaced (during render, React's derived-state pattern) only by one that evaluates differently.
  const [source, setSource] = useState(document);
  if (source !== document && !evaluatesAlike(source, document)) setSource(document);

  const { evaluator, answers } = useMemo(() => {
    // `restarts`: "Clear answers" rebuilds the evaluator over the same document.
    void restarts;
    const types = new Map(source.items.map((item) => [item.id, item.type]));
    const now = new Date();
    const offset = utcOffset(now);
    const answers: Answers = initialAnswers(source, now, offset);
    for (const [key, entry] of kept.current) {
      if (types.get(parseAnswerKey(key).itemId) !== entry.type) kept.current.delete(key);
      else if (entry.answer === null) delete answers[key];
      else answers[key] = entry.answer;
    }
    const repeatables = new Set(source.items.map((item) => item.id));
    for (const id of keptInstances.current.keys()) if (!repeatables.has(id)) keptInstances.current.delete(id);
    return {
      evaluator: createEvaluator(source, {
        answers,
        instances: Object.fromEntries(keptInstances.current),
        now: () => new Date(),
        utcOffsetMinutes: offset,
      }),
      answers: new Map(Object.entries(answers)),
    };
  }, [source, restarts]);

  const keyOf = useCallback(
    (itemId: string) => {
      const scope = evaluator.plan.scope.get(itemId) ?? null;
      return scope === null ? itemId : answerKey(itemId, evaluator.instances(scope)[0] ?? DEFAULT_INSTANCE_ID);
    },
    [evaluator],
  );

  /** Sets or clears one answer (its value, note, files or rating) and re-renders. */
  const store = useCallback(
    (key: string, next: Answer | null) => {
      const type = evaluator.plan.byId.get(parseAnswerKey(key).itemId)?.type;
      if (!type) return;
      if (next === null) answers.delete(key);
      else answers.set(key, next);
      kept.current.set(key, { type, answer: next });
      evaluator.update(key, next);
      setTouched((before) => (before.has(key) ? before : new Set(before).add(key)));
      setVersion((n) => n + 1);
    },
    [evaluator, answers],
  );

  const answer = useCallback(
    (key: string, value: unknown) => store(key, keptOrNull({ ...answers.get(key), value: isEmpty(value) ? null : value })),
    [store, answers],
  );

  const annotate = useCallback(
    (key: string, patch: Pick<Answer, 'note' | 'media' | 'rating'>) => {
      const before = answers.get(key);
      store(key, keptOrNull({ ...before, value: before?.value ?? null, ...patch }));
    },
    [store, answers],
  );

  const addInstance = useCallback(
    (repeatableId: string) => {
      const instanceId = crypto.randomUUID();
      evaluator.addInstance(repeatableId, instanceId);
      keptInstances.current.set(repeatableId, [...evaluator.instances(repeatableId)]);
      setVersion((n) => n + 1);
    },
    [evaluator],
  );

  const removeInstance = useCallback(
    (repeatableId: string, instanceId: string) => {
      for (const key of [...answers.keys()]) {
        const parsed = parseAnswerKey(key);
        if (parsed.instanceId === instanceId && evaluator.plan.scope.get(parsed.itemId) === repeatableId) answers.delete(key);
      }
      for (const key of [...kept.current.keys()]) {
        const parsed = parseAnswerKey(key);
        if (parsed.instanceId === instanceId && evaluator.plan.scope.get(parsed.itemId) === repeatableId) kept.current.delete(key);
      }
      evaluator.removeInstance(repeatableId, instanceId);
      keptInstances.current.set(repeatableId, [...evaluator.instances(repeatableId)]);
      setVersion((n) => n + 1);
    },
    [evaluator, answers],
  );

  const answerOf = useCallback((key: string) => answers.get(key), [answers]);

  const fillWithTestData = useCallback(() => {
    const now = new Date();
    const filled = fillTestAnswers(source, evaluator, {
      keyOf,
      isAnswered: (key) => answers.has(key),
      wallNow: wallClock(now, utcOffset(now)),
    });
    for (const [key, next] of filled) {
      answers.set(key, next);
      kept.current.set(key, { type: evaluator.plan.byId.get(parseAnswerKey(key).itemId)!.type, answer: next });
    }
    setTouched((before) => new Set([...before, ...filled.keys()]));
    setVersion((n) => n + 1);
    return filled.size;
  }, [source, evaluator, keyOf, answers]);

  const clearAnswers = useCallback(() => {
    kept.current.clear();
    keptInstances.current.clear();
    setTouched(new Set());
    setRestarts((n) => n + 1);
  }, []);

  return {
    evaluated: source,
    evaluator,
    keyOf,
    answerOf,
    answer,
    annotate,
    addInstance,
    removeInstance,
    touched,
    fillWithTestData,
    clearAnswers,
  };
}
