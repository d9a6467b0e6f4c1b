import { useRef } from 'react';

/**
 * The previous array when the new one holds equal entries, so that memoised rows and the
 * drag-and-drop contexts do not re-render all rows when only one item's title changed.
 */
export function useStable<T>(next: readonly T[], same: (a: T, b: T) => boolean): readonly T[] {
  const previous = useRef(next);
  const old = previous.current;
  if (old !== next && (old.length !== next.length || next.some((entry, i) => !same(entry, old[i]!)))) previous.current = next;
  return previous.current;
}
