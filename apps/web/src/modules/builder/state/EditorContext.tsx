import type { Item } from '@vigil/checklist';
import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './editor-store.ts';

export const EditorContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore outside the builder');
  return store;
}

/** A slice of the editor state; the component re-renders only when the slice changes identity. */
export function useEditor<T>(select: (state: EditorState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/**
 * A derived slice (a new array or object on each call): the component re-renders only when `same`
 * says it differs from the previous one, whose identity is kept otherwise.
 */
export function useEditorSlice<T>(select: (state: EditorState) => T, same: (a: T, b: T) => boolean): T {
  const store = useEditorStore();
  const last = useRef<{ state: EditorState; select: (state: EditorState) => T; value: T } | null>(null);
  const snapshot = (): T => {
    const state = store.getState();
    const cached = last.current;
    if (cached && cached.state === state && cached.select === select) return cached.value;
    const next = select(state);
    const value = cached && same(cached.value, next) ? cached.value : next;
    last.current = { state, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, snapshot);
}

const indexes = new WeakMap<readonly Item[], Map<string, Item>>();

/** Items by id, built once per items array (each change makes one), so rows look themselves up in O(1). */
export function itemsById(items: readonly Item[]): ReadonlyMap<string, Item> {
  let index = indexes.get(items);
  if (!index) indexes.set(items, (index = new Map(items.map((item) => [item.id, item]))));
  return index;
}

/** One item, re-rendering its component only when that item changes. */
export function useEditorItem(id: string): Item | undefined {
  return useEditor((state) => itemsById(state.document.items).get(id));
}
