/**
 * The builder's one store: the document with its undo and redo stacks, the selection and view state,
 * and the autosave status. Every change of the document is a `@vigil/checklist` operation; a refusal
 * leaves everything as it was and is handed back to the caller to show.
 */
import { documentErrors, findItem, pagesOf, type Refusal, type Result, type TemplateDocument, type Warning } from '@vigil/checklist';
import type { TemplateProblem } from '@vigil/contracts';
import { AutosaveQueue, type AutosaveOptions, type AutosaveSnapshot, type SaveFailure } from './autosave.ts';

const UNDO_LIMIT = 100;
/** Spec 2 §9: revealing an item expands its ancestors, then runs a callback after 600 ms. */
export const REVEAL_DELAY_MS = 600;

export interface EditorState {
  document: TemplateDocument;
  past: readonly TemplateDocument[];
  future: readonly TemplateDocument[];
  /** The page shown in the centre. */
  pageId: string;
  /** The item whose details are shown. */
  selectedId: string | null;
  /** Collapsed sections: view state, neither saved nor undone. */
  collapsed: ReadonlySet<string>;
  /** Items chosen in multi-select mode; null when the mode is off. */
  multiSelect: ReadonlySet<string> | null;
  /** Whether the items are chosen to be translated (translation mode) rather than copied or deleted. */
  translating: boolean;
  save: AutosaveSnapshot;
  published: boolean;
  hasDraft: boolean;
  /** The draft's problems (an empty formula, a dangling reference...): the document's at opening,
   * then those the server answered for the latest save. They block publishing, never saving. */
  problems: readonly DraftProblem[];
  /** How many problems each item has. */
  problemCounts: ReadonlyMap<string, number>;
}

/** A problem of the draft: a `@vigil/checklist` message, on an item or (item_id null) the template. */
export type DraftProblem = Pick<TemplateProblem, 'item_id' | 'path' | 'code' | 'params'>;

export interface EditorServer {
  save: (document: TemplateDocument, revision: number) => Promise<{ revision: number; problems: readonly DraftProblem[] }>;
  publish: (revision: number) => Promise<unknown>;
  classify: (error: unknown) => SaveFailure;
  /** When a change is handed to the save (`createSaveScheduler()` in the browser); default at once. */
  schedule?: AutosaveOptions<TemplateDocument>['schedule'];
}

export interface EditorInit {
  document: TemplateDocument;
  revision: number;
  published: boolean;
  hasDraft: boolean;
}

export type Change = (document: TemplateDocument) => Result<TemplateDocument>;

export interface ApplyOptions {
  /** Consecutive changes with the same key (typing in one field) make one undo step. */
  coalesce?: string;
  /** Select this item after the change. */
  select?: string;
}

export type ApplyOutcome = { ok: true; warnings: Warning[] } | Refusal;

/** The problems of a document as publishing would refuse them (computed once at opening; later
 * the server answers them with every save, as validating in the browser per change is too slow). */
export function problemsOf(document: TemplateDocument): DraftProblem[] {
  return documentErrors(document).map(({ item_id, path, code, params }) => ({ item_id: item_id ?? null, path, code, params }));
}

function problemState(problems: readonly DraftProblem[]): Pick<EditorState, 'problems' | 'problemCounts'> {
  const problemCounts = new Map<string, number>();
  for (const { item_id } of problems) if (item_id) problemCounts.set(item_id, (problemCounts.get(item_id) ?? 0) + 1);
  return { problems, problemCounts };
}

/** Adapts an operation answering `{document, ...}` (addItem, addPage, pasteItems) to a Change. */
export function withDocument<T extends { document: TemplateDocument }>(result: Result<T>): Result<TemplateDocument> {
  return result.ok ? { ok: true, value: result.value.document, warnings: result.warnings } : result;
}

function firstPageId(document: TemplateDocument): string {
  const pages = pagesOf(document);
  return (pages.find((page) => page.type === 'page') ?? pages[0])?.id ?? '';
}

/** The page holding an item (the item itself when it is a page). */
function pageIdOf(document: TemplateDocument, id: string): string | null {
  const index = document.items.findIndex((item) => item.id === id);
  for (let i = index; i >= 0; i--) if (document.items[i].depth === 0) return document.items[i].id;
  return null;
}

/** The ids of an item's ancestors, nearest first. */
function ancestorIds(document: TemplateDocument, id: string): string[] {
  const ids: string[] = [];
  let item = findItem(document, id);
  while (item?.parent_id) {
    ids.push(item.parent_id);
    item = findItem(document, item.parent_id);
  }
  return ids;
}

export type EditorStore = ReturnType<typeof createEditorStore>;

export function createEditorStore(init: EditorInit, server: EditorServer) {
  const listeners = new Set<() => void>();
  let lastCoalesce: string | null = null;
  let revealTimer: ReturnType<typeof setTimeout> | null = null;

  let state: EditorState = {
    document: init.document,
    past: [],
    future: [],
    pageId: firstPageId(init.document),
    selectedId: null,
    collapsed: new Set(),
    multiSelect: null,
    translating: false,
    save: { status: 'saved', revision: init.revision, failure: null, invalidCount: 0 },
    published: init.published,
    hasDraft: init.hasDraft,
    ...problemState(problemsOf(init.document)),
  };

  function cancelReveal(): void {
    if (revealTimer) clearTimeout(revealTimer);
    revealTimer = null;
  }

  function set(patch: Partial<EditorState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  const autosave = new AutosaveQueue<TemplateDocument>({
    revision: init.revision,
    send: async (document, revision) => {
      const answer = await server.save(document, revision);
      set({ hasDraft: true, ...problemState(answer.problems) });
      return answer;
    },
    classify: server.classify,
    ...(server.schedule ? { schedule: server.schedule } : {}),
    onChange: (snapshot) => set({ save: snapshot }),
  });

  /** Keeps the page and the selection pointing at items that exist. */
  function viewFor(document: TemplateDocument, selectedId: string | null): Pick<EditorState, 'pageId' | 'selectedId'> {
    const selected = selectedId && findItem(document, selectedId) ? selectedId : null;
    const selectedPage = selected ? pageIdOf(document, selected) : null;
    const pageId = selectedPage ?? (findItem(document, state.pageId) ? state.pageId : firstPageId(document));
    return { pageId, selectedId: selected };
  }

  function commit(document: TemplateDocument, options: ApplyOptions): void {
    const coalesce = options.coalesce !== undefined && options.coalesce === lastCoalesce;
    lastCoalesce = options.coalesce ?? null;
    const past = coalesce ? state.past : [...state.past, state.document].slice(-UNDO_LIMIT);
    const multiSelect = state.multiSelect ? new Set([...state.multiSelect].filter((id) => findItem(document, id))) : null;
    set({ document, past, future: [], multiSelect, ...viewFor(document, options.select ?? state.selectedId) });
    autosave.change(document);
  }

  return {
    getState: () => state,
    // An arrow, not a method: useSyncExternalStore takes it unbound.
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Applies a domain operation; a refusal changes nothing and is returned. */
    apply(change: Change, options: ApplyOptions = {}): ApplyOutcome {
      const result = change(state.document);
      if (!result.ok) return result;
      if (result.value !== state.document) commit(result.value, options);
      return { ok: true, warnings: result.warnings };
    },

    undo(): void {
      const previous = state.past[state.past.length - 1];
      if (!previous) return;
      lastCoalesce = null;
      set({
        document: previous,
        past: state.past.slice(0, -1),
        future: [state.document, ...state.future],
        ...viewFor(previous, state.selectedId),
      });
      autosave.change(previous);
    },

    redo(): void {
      const next = state.future[0];
      if (!next) return;
      lastCoalesce = null;
      set({ document: next, past: [...state.past, state.document], future: state.future.slice(1), ...viewFor(next, state.selectedId) });
      autosave.change(next);
    },

    select(id: string | null): void {
      lastCoalesce = null;
      if (id !== state.selectedId) cancelReveal();
      set(viewFor(state.document, id));
    },

    showPage(pageId: string): void {
      lastCoalesce = null;
      cancelReveal();
      set({ pageId, selectedId: null });
    },

    toggleCollapsed(id: string): void {
      const collapsed = new Set(state.collapsed);
      if (!collapsed.delete(id)) collapsed.add(id);
      set({ collapsed });
    },

    setMultiSelect(on: boolean): void {
      set({ multiSelect: on ? new Set() : null, translating: false });
    },

    /** Translation mode: rows get the multi-select check boxes, and what is chosen is translated. */
    setTranslating(on: boolean): void {
      set({ multiSelect: on ? new Set() : null, translating: on });
    },

    toggleChosen(id: string): void {
      if (!state.multiSelect) return;
      const chosen = new Set(state.multiSelect);
      if (!chosen.delete(id)) chosen.add(id);
      set({ multiSelect: chosen });
    },

    /**
     * Shows an item: its page, its ancestors expanded, selected; `then` runs after 600 ms (scrolling
     * and focusing its title), unless the user has chosen another item or page in the meantime: the
     * late focus would otherwise take the selection back from what they are working on.
     */
    reveal(id: string, then?: (id: string) => void): void {
      const ancestors = new Set(ancestorIds(state.document, id));
      const collapsed = new Set([...state.collapsed].filter((section) => !ancestors.has(section)));
      set({ collapsed, ...viewFor(state.document, id) });
      cancelReveal();
      revealTimer = setTimeout(() => {
        revealTimer = null;
        if (state.selectedId === id) then?.(id);
      }, REVEAL_DELAY_MS);
    },

    /** Publishes the saved draft with the current revision (spec 2 §4). */
    async publish(): Promise<void> {
      await server.publish(autosave.savedRevision);
      set({ published: true, hasDraft: false });
    },

    /** Closes the error dialog; the change stays unsaved until the next change or retry. */
    dismissFailure(): void {
      set({ save: { ...state.save, failure: null } });
    },

    retrySave(): void {
      autosave.flush();
    },

    dispose(): void {
      autosave.dispose();
      cancelReveal();
    },
  };
}
