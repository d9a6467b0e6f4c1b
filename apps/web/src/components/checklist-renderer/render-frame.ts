import { answerKey, parseAnswerKey, type Answer, type Evaluator, type ItemState } from '@vigil/checklist';
import { createContext, useContext, type RefObject } from 'react';

/** Server messages by answer key (the inspection's refused save or finish). */
export type AnswerErrors = Readonly<Record<string, readonly string[]>>;

const NO_ERRORS: readonly string[] = [];

/** Whether there is any message (read for every question on every answer: usually there is none). */
function anyError(errors: AnswerErrors | undefined): errors is AnswerErrors {
  for (const _key in errors) return true;
  return false;
}

/** The server's messages for one answer: keyed by the answer key, or by the save's field name `answers.<key>`. */
export function errorsOf(errors: AnswerErrors | undefined, key: string): readonly string[] {
  if (!anyError(errors)) return NO_ERRORS;
  return errors[key] ?? errors[`answers.${key}`] ?? NO_ERRORS;
}

interface Seen {
  state: ItemState;
  answer: Answer | undefined;
  touched: boolean;
  errors: readonly string[];
}

/**
 * Which sections have something new inside since they last rendered. Every answer re-renders the
 * renderer; a section is memoised and renders again only when its stamp moves: the render in which a
 * state, answer, touched flag or server message of one of its descendants last changed (the evaluator
 * and the session replace an object when it changes, so one pass comparing references finds them).
 * Without it, a keystroke on a 500-question page re-rendered every section and its score.
 */
export class ChangeTracker {
  private evaluator: Evaluator | null = null;
  private readonly seen = new Map<string, Seen>();
  private readonly changedAt = new Map<string, number>();
  private generation = 0;

  update(
    evaluator: Evaluator,
    answerOf: (key: string) => Answer | undefined,
    touched: ReadonlySet<string>,
    errors: AnswerErrors | undefined,
  ): ReadonlyMap<string, number> {
    if (this.evaluator !== evaluator) {
      this.evaluator = evaluator;
      this.seen.clear();
    }
    const generation = ++this.generation;
    const states = evaluator.states();
    for (const [key, state] of states) {
      const answer = answerOf(key);
      const isTouched = touched.has(key);
      const messages = errorsOf(errors, key);
      const before = this.seen.get(key);
      if (before && before.state === state && before.answer === answer && before.touched === isTouched && before.errors === messages)
        continue;
      this.seen.set(key, { state, answer, touched: isTouched, errors: messages });
      this.mark(evaluator, key, generation);
    }
    if (this.seen.size > states.size) {
      for (const key of this.seen.keys()) {
        if (states.has(key)) continue;
        this.seen.delete(key);
        this.mark(evaluator, key, generation);
      }
    }
    return this.changedAt;
  }

  private mark(evaluator: Evaluator, key: string, generation: number): void {
    const { itemId, instanceId } = parseAnswerKey(key);
    for (const container of evaluator.plan.containers.get(itemId) ?? []) {
      const repeated = instanceId !== null && (evaluator.plan.scope.get(container) ?? null) !== null;
      this.changedAt.set(repeated ? answerKey(container, instanceId) : container, generation);
    }
  }
}

/** What the lists of one render read: the touched answers, the server's messages and the sections' stamps. */
export interface RenderFrame {
  touched: ReadonlySet<string>;
  errors: AnswerErrors | undefined;
  stamps: ReadonlyMap<string, number>;
}

/** A ref, so the context never changes: a memoised section reads the frame only when it renders anyway. */
export const RenderFrameContext = createContext<RefObject<RenderFrame>>({
  current: { touched: new Set(), errors: undefined, stamps: new Map() },
});

export function useRenderFrame(): RenderFrame {
  return useContext(RenderFrameContext).current;
}
