/**
 * Where a question type dragged from the types panel lands in the page's tree. A slot is a gap
 * between the visible rows (0 before the first, `rows.length` after the last) with a depth its
 * neighbours allow; the pointer or the arrow keys choose it, and `projectDrop` (the row drags' own
 * projection) turns it into the `{parent_id, index}` that the domain's `addItem` takes and judges.
 */
import { depthBounds, INDENT_PX, projectDrop, type Projection, type TreeRow } from './projection.ts';

export interface Slot {
  index: number;
  depth: number;
}

export type SlotMove = 'up' | 'down' | 'in' | 'out';

/** Stands for the new item in the rows handed to `projectDrop`; no item id looks like it. */
const NEW_ROW = '\u0000new';

function clampDepth(rows: readonly TreeRow[], index: number, depth: number): number {
  const { min, max } = depthBounds(rows[index - 1], rows[index]);
  return Math.max(min, Math.min(max, depth));
}

/**
 * The slot under the pointer: the gap whose rows' middles (`middles`, in row order, viewport y)
 * enclose its height, and the depth shown by how far it is from the tree's inline start (one
 * indent a level, measured from the right in right-to-left), bounded by the neighbours.
 */
export function slotAt(
  rows: readonly TreeRow[],
  middles: readonly number[],
  pointer: { x: number; y: number },
  inlineStart: number,
  rtl: boolean,
): Slot {
  const below = middles.findIndex((middle) => pointer.y < middle);
  const index = below < 0 ? rows.length : below;
  const distance = rtl ? inlineStart - pointer.x : pointer.x - inlineStart;
  return { index, depth: clampDepth(rows, index, 1 + Math.floor(distance / INDENT_PX)) };
}

/** Where a keyboard drag starts: the end of the page. */
export function endOfPage(rows: readonly TreeRow[]): Slot {
  return { index: rows.length, depth: 1 };
}

/**
 * The slot after an arrow key: up and down go to the neighbouring gap keeping the depth as far as it
 * is allowed there, in and out change the depth; null when nothing would change.
 */
export function moveSlot(rows: readonly TreeRow[], slot: Slot, move: SlotMove): Slot | null {
  const index = slot.index + (move === 'up' ? -1 : move === 'down' ? 1 : 0);
  if (index < 0 || index > rows.length) return null;
  const depth = clampDepth(rows, index, slot.depth + (move === 'in' ? 1 : move === 'out' ? -1 : 0));
  return index === slot.index && depth === slot.depth ? null : { index, depth };
}

/** The place in the tree a slot stands for. */
export function targetOfSlot(rows: readonly TreeRow[], pageId: string, slot: Slot): Projection {
  const placeholder: TreeRow = { id: NEW_ROW, depth: slot.depth, parentId: '', container: false, collapsed: false };
  const withNew = [...rows.slice(0, slot.index), placeholder, ...rows.slice(slot.index)];
  // Never null: the placeholder has no parent, so it always "moves".
  return projectDrop(withNew, pageId, NEW_ROW, NEW_ROW, 0)!;
}

/** The sibling the new item would follow, or null when it would come first in its parent. */
export function previousSibling(rows: readonly TreeRow[], target: Projection): string | null {
  const siblings = rows.filter((row) => row.parentId === target.parent_id && row.depth === target.depth);
  return siblings[target.index - 1]?.id ?? null;
}
