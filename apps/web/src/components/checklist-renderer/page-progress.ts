import { answerKindOf, parseAnswerKey, type Evaluator, type Item } from '@vigil/checklist';

/** A page's questions as the inspector sees them: how many are shown and answered, how many required and answered. */
export interface PageProgress {
  questions: number;
  answered: number;
  required: number;
  requiredAnswered: number;
}

const empty = (): PageProgress => ({ questions: 0, answered: 0, required: 0, requiredAnswered: 0 });

/** Each answered-by-the-inspector item's page, once per document. */
export function answerablePages(items: readonly Item[]): Map<string, string> {
  const pageOf = new Map<string, string>();
  let page: string | null = null;
  for (const item of items) {
    if (item.depth === 0) page = item.id;
    else if (page !== null && answerKindOf(item) !== 'none') pageOf.set(item.id, page);
  }
  return pageOf;
}

/**
 * The progress of every page, counted over the evaluator's states (every repeat instance counts): one
 * pass over the states, cheap enough for each answer on a 500-question inspection.
 */
export function progressByPage(evaluator: Evaluator, pageOf: ReadonlyMap<string, string>): Map<string, PageProgress> {
  const progress = new Map<string, PageProgress>();
  for (const [key, state] of evaluator.states()) {
    if (!state.visible) continue;
    const page = pageOf.get(parseAnswerKey(key).itemId);
    if (page === undefined) continue;
    let entry = progress.get(page);
    if (!entry) progress.set(page, (entry = empty()));
    entry.questions++;
    if (state.answered) entry.answered++;
    if (state.required) {
      entry.required++;
      if (state.answered) entry.requiredAnswered++;
    }
  }
  return progress;
}

/** The sum of some pages' progress. */
export function totalProgress(pages: Iterable<PageProgress>): PageProgress {
  const total = empty();
  for (const page of pages) {
    total.questions += page.questions;
    total.answered += page.answered;
    total.required += page.required;
    total.requiredAnswered += page.requiredAnswered;
  }
  return total;
}
