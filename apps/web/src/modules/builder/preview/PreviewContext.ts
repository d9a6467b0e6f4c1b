import type { Evaluator, Item, TemplateDocument } from '@vigil/checklist';
import { createContext, useContext } from 'react';
import type { PreviewSession } from './usePreviewSession.ts';

/**
 * What every item of the preview reads. It changes only with the evaluator, not on each keystroke in
 * the editor (a title edit keeps the evaluator): answers, titles and children flow as props.
 */
export interface PreviewScope {
  /** The evaluated document: response sets and units. */
  document: TemplateDocument;
  evaluator: Evaluator;
  keyOf: PreviewSession['keyOf'];
  answerOf: PreviewSession['answerOf'];
  answer: PreviewSession['answer'];
}

export const PreviewContext = createContext<PreviewScope | null>(null);

export function usePreviewScope(): PreviewScope {
  const scope = useContext(PreviewContext);
  if (!scope) throw new Error('usePreviewScope outside the preview');
  return scope;
}

/** The children of each item in document order (the items array is flat, depth-first). */
export function childrenIndex(items: readonly Item[]): Map<string, Item[]> {
  const index = new Map<string, Item[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = index.get(item.parent_id);
    if (list) list.push(item);
    else index.set(item.parent_id, [item]);
  }
  return index;
}
