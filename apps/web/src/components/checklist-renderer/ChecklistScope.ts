import type { Answer, Evaluator, Item, TemplateDocument } from '@vigil/checklist';
import { createContext, useContext } from 'react';

/**
 * An inspection as the renderer needs it, whoever keeps it: the builder's preview (answers in memory)
 * or an inspection (answers saved as the user goes).
 */
export interface ChecklistSession {
  /** The document the evaluator runs on: its response sets and units. */
  evaluated: TemplateDocument;
  evaluator: Evaluator;
  /** The answer key of an item as the renderer shows it (the first repeat instance inside a repeatable). */
  keyOf: (itemId: string) => string;
  answerOf: (key: string) => Answer | undefined;
  /** Sets (or with null clears) an answer. */
  answer: (key: string, value: unknown) => void;
  /** The answers the user has changed: only these show their problems. */
  touched: ReadonlySet<string>;
}

/** One item of a global list as the renderer offers it: its ID, name and field values. */
export interface GlobalListEntry {
  item_id: string;
  display_name: string;
  fields: Record<string, { value?: unknown } | undefined>;
}

/**
 * Where the renderer reads what a template only points at, supplied by the screen that shows it (the
 * builder's preview, an inspection) so the renderer imports no module: the items of a global list.
 */
export interface ChecklistSources {
  /** Items in use of the list whose name or values contain `search` (all, when empty), a page of them. */
  globalListItems?: (listUuid: string, search: string) => Promise<GlobalListEntry[]>;
}

/**
 * What every item of the renderer reads. It changes only with the evaluator, not on each keystroke in
 * an editor (a title edit keeps the evaluator): answers, titles and children flow as props.
 */
export interface ChecklistScope extends Pick<ChecklistSession, 'evaluator' | 'keyOf' | 'answerOf' | 'answer'> {
  document: TemplateDocument;
  sources: ChecklistSources;
}

export const ChecklistScopeContext = createContext<ChecklistScope | null>(null);

export function useChecklistScope(): ChecklistScope {
  const scope = useContext(ChecklistScopeContext);
  if (!scope) throw new Error('useChecklistScope outside ChecklistRenderer');
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
