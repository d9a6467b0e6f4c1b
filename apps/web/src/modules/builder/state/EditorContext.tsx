import { createContext, useContext, useSyncExternalStore } from 'react';
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
