/**
 * Measuring the tree's rows for a question type drag: their middles for the pointer, and where the
 * line marking a gap between two rows sits. Rows are found by `data-item-id` inside the drop zone.
 */
import type { TreeRow } from './projection.ts';

function rowElements(zone: HTMLElement): Map<string, HTMLElement> {
  const elements = new Map<string, HTMLElement>();
  for (const element of zone.querySelectorAll<HTMLElement>('[data-item-id]')) elements.set(element.dataset.itemId!, element);
  return elements;
}

/** Each row's vertical middle (viewport), in row order. */
export function rowMiddles(zone: HTMLElement, rows: readonly TreeRow[]): number[] {
  const elements = rowElements(zone);
  return rows.map((row) => {
    const rect = elements.get(row.id)?.getBoundingClientRect();
    return rect ? rect.top + rect.height / 2 : Number.POSITIVE_INFINITY;
  });
}

/** The viewport height of the line between the rows `after` (above) and `before` (below); null on an empty page. */
export function gapTop(zone: HTMLElement, after: string | null, before: string | null): number | null {
  const elements = rowElements(zone);
  const above = after === null ? undefined : elements.get(after)?.getBoundingClientRect();
  const below = before === null ? undefined : elements.get(before)?.getBoundingClientRect();
  if (above && below) return (above.bottom + below.top) / 2;
  // Rows keep a 6 px gap below them; the line sits in its middle.
  if (below) return below.top - 3;
  if (above) return above.bottom + 3;
  return null;
}

/** Scrolls the rows around a gap into view, so a keyboard drag's line is seen. */
export function revealGap(zone: HTMLElement, after: string | null, before: string | null): void {
  const elements = rowElements(zone);
  for (const id of [before, after]) if (id !== null) elements.get(id)?.scrollIntoView({ block: 'nearest' });
}
