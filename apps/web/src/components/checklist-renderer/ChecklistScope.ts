import type { Answer, AssetValue, Evaluator, Item, MediaValue, PersonValue, TemplateDocument } from '@vigil/checklist';
import { createContext, useContext, type ReactNode } from 'react';

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
  /** Sets an answer's note, attached files or manual rating, keeping its value (absent: not offered here). */
  annotate?: (key: string, patch: Pick<Answer, 'note' | 'media' | 'rating'>) => void;
  /** Adds a repeat instance at the end of a repeatable (absent: repeatables show one instance). */
  addInstance?: (repeatableId: string) => void;
  /** Removes a repeat instance with its answers. */
  removeInstance?: (repeatableId: string, instanceId: string) => void;
  /** The answers the user has changed: only these show their problems. */
  touched: ReadonlySet<string>;
  /** Shown, not answered: a completed inspection read by someone who may not edit it. */
  readOnly?: boolean;
}

/** Progress of an upload, 0 to 1, and a way to stop it. */
export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
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
  /** Stores a photo, recording, file or drawn signature for this inspection (absent: files cannot be added here). */
  uploadFile?: (file: File, options?: UploadOptions) => Promise<MediaValue>;
  /** Members of the workspace whose name or e-mail contains `search`, a page of them. */
  searchPeople?: (search: string) => Promise<PersonValue[]>;
  /** Assets in use whose asset ID or name contains `search`, a page of them. */
  searchAssets?: (search: string) => Promise<AssetValue[]>;
  /** The asset a scanned label names (its public URL `/assets/{id}`, or its asset ID), or null. */
  findAssetByCode?: (code: string) => Promise<AssetValue | null>;
  /** The field values of an asset, for asset_field questions. */
  assetFields?: (assetId: string) => Promise<Record<string, { value?: unknown } | undefined>>;
}

/** A screen's word on one answer, shown under its question's title (null: nothing). */
export type AnswerBadge = (key: string, answer: Answer | undefined) => ReactNode;

/**
 * What every item of the renderer reads. It changes only with the evaluator, not on each keystroke in
 * an editor (a title edit keeps the evaluator): answers, titles and children flow as props.
 */
export interface ChecklistScope extends Pick<
  ChecklistSession,
  'evaluator' | 'keyOf' | 'answerOf' | 'answer' | 'annotate' | 'addInstance' | 'removeInstance'
> {
  document: TemplateDocument;
  sources: ChecklistSources;
  /** Nothing can be changed: every control shows its value only. */
  readOnly: boolean;
  /** The screen's word on an answer, under its question's title. */
  answerBadge?: AnswerBadge;
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
