import { createEvaluator, parseAnswerKey, type Answer, type Answers, type TemplateDocument } from '@vigil/checklist';
import { useCallback, useMemo, useState } from 'react';
import { ChecklistRenderer, type ChecklistRendererProps } from '../components/checklist-renderer/ChecklistRenderer.tsx';
import type { ChecklistSession, ChecklistSources } from '../components/checklist-renderer/ChecklistScope.ts';
import { renderWithSession } from './render.tsx';
import { makeSession } from './session.ts';

/** What the renderer handed to its session, in order, for the test to read. */
export interface Recorder {
  answers: Map<string, Answer>;
  /** Every value given through `answer`, by key (the last one last). */
  values: [string, unknown][];
  annotations: [string, Pick<Answer, 'note' | 'media' | 'rating'>][];
  instances: (readonly [string, string, string])[];
  /** Moves the renderer to an answer, as the inspection screen does after "Finish". */
  reveal: (key: string) => void;
  setErrors: (errors: ChecklistRendererProps['errors']) => void;
  /** The pages moved to, by id. */
  pages: string[];
}

interface Options {
  sources?: ChecklistSources;
  readOnly?: boolean;
  answers?: Answers;
  instances?: Record<string, readonly string[]>;
  /** Every answer counts as touched, so its problems show. */
  touchAll?: boolean;
  /** Without annotate, addInstance and removeInstance, as an older screen would give it. */
  plain?: boolean;
  initialPage?: string;
}

/** An inspection's session kept in memory, as a screen keeps one: the renderer's test double of the inspection page. */
function Harness({ doc, options, recorder }: { doc: TemplateDocument; options: Options; recorder: Recorder }) {
  const [, rerender] = useState(0);
  const [reveal, setReveal] = useState<ChecklistRendererProps['reveal']>();
  const [errors, setErrors] = useState<ChecklistRendererProps['errors']>();
  recorder.reveal = (key) => setReveal((before) => ({ key, nonce: (before?.nonce ?? 0) + 1 }));
  recorder.setErrors = setErrors;
  const evaluator = useMemo(
    () =>
      createEvaluator(doc, {
        answers: Object.fromEntries(recorder.answers),
        instances: options.instances,
        now: () => new Date(),
        utcOffsetMinutes: 0,
      }),
    // Built once, as a screen builds it for its inspection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(options.touchAll ? recorder.answers.keys() : []));
  const store = useCallback(
    (key: string, next: Answer) => {
      recorder.answers.set(key, next);
      evaluator.update(key, next);
      setTouched((before) => new Set(before).add(key));
      rerender((n) => n + 1);
    },
    [evaluator, recorder],
  );
  const session: ChecklistSession = {
    evaluated: doc,
    evaluator,
    keyOf: useCallback(
      (itemId: string) => {
        const scope = evaluator.plan.scope.get(itemId) ?? null;
        return scope === null ? itemId : `${itemId}@${evaluator.instances(scope)[0]}`;
      },
      [evaluator],
    ),
    answerOf: useCallback((key: string) => recorder.answers.get(key), [recorder]),
    answer: useCallback(
      (key: string, value: unknown) => {
        recorder.values.push([key, value]);
        store(key, { ...recorder.answers.get(key), value });
      },
      [recorder, store],
    ),
    annotate: useCallback(
      (key: string, patch: Pick<Answer, 'note' | 'media' | 'rating'>) => {
        recorder.annotations.push([key, patch]);
        store(key, { value: null, ...recorder.answers.get(key), ...patch });
      },
      [recorder, store],
    ),
    addInstance: useCallback(
      (repeatableId: string) => {
        const id = `i${evaluator.instances(repeatableId).length + 1}-${recorder.instances.length}`;
        recorder.instances.push(['add', repeatableId, id]);
        evaluator.addInstance(repeatableId, id);
        rerender((n) => n + 1);
      },
      [evaluator, recorder],
    ),
    removeInstance: useCallback(
      (repeatableId: string, instanceId: string) => {
        recorder.instances.push(['remove', repeatableId, instanceId]);
        for (const key of [...recorder.answers.keys()]) if (parseAnswerKey(key).instanceId === instanceId) recorder.answers.delete(key);
        evaluator.removeInstance(repeatableId, instanceId);
        rerender((n) => n + 1);
      },
      [evaluator, recorder],
    ),
    touched,
    readOnly: options.readOnly,
  };
  if (options.plain) {
    delete session.annotate;
    delete session.addInstance;
    delete session.removeInstance;
  }
  return (
    <ChecklistRenderer
      document={doc}
      session={session}
      sources={options.sources}
      reveal={reveal}
      errors={errors}
      initialPage={options.initialPage}
      onPageChange={(pageId) => recorder.pages.push(pageId)}
    />
  );
}

/** Renders `doc` in the checklist renderer over an in-memory session; the recorder reads what it was given. */
export async function renderChecklist(doc: TemplateDocument, options: Options = {}): Promise<Recorder> {
  const recorder: Recorder = {
    answers: new Map(Object.entries(options.answers ?? {})),
    values: [],
    annotations: [],
    instances: [],
    reveal: () => {},
    setErrors: () => {},
    pages: [],
  };
  await renderWithSession(<Harness doc={doc} options={options} recorder={recorder} />, makeSession());
  return recorder;
}

/** The rendered question (or section) of an item, optionally of one repeat instance. */
export function itemElement(id: string, key?: string): HTMLElement {
  const selector = key ? `[data-answer-key="${key}"]` : `[data-testid="checklist-item"][data-item-id="${id}"]`;
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`No item ${key ?? id} on the screen`);
  return element;
}

/** The last value the renderer gave for `key`. */
export function lastValue(recorder: Recorder, key: string): unknown {
  const found = recorder.values.filter(([entry]) => entry === key).at(-1);
  if (!found) throw new Error(`No answer given for ${key}`);
  return found[1];
}
