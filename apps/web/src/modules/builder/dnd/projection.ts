/**
 * Where a dragged item lands in the page's tree: the row it is over gives the position, the
 * horizontal drag distance the depth (one indent = one level), bounded by the neighbours. The
 * result is a `Target` for the domain's `moveItems`, which decides whether the move is allowed.
 */
import { isContainerType, type TemplateDocument } from '@vigil/checklist';

export const INDENT_PX = 24;

export interface TreeRow {
  id: string;
  depth: number;
  parentId: string;
  container: boolean;
  collapsed: boolean;
}

/**
 * The rows shown for a page: every item under it except those inside collapsed sections, and inside
 * the item being dragged (they move with it).
 */
export function visibleRows(
  doc: TemplateDocument,
  pageId: string,
  collapsed: ReadonlySet<string>,
  dragged: string | null = null,
): TreeRow[] {
  const start = doc.items.findIndex((item) => item.id === pageId);
  if (start < 0) return [];
  const rows: TreeRow[] = [];
  let skipBelow = Infinity;
  for (let i = start + 1; i < doc.items.length; i++) {
    const item = doc.items[i];
    if (item.depth === 0) break;
    if (item.depth > skipBelow) continue;
    skipBelow = Infinity;
    const isCollapsed = collapsed.has(item.id);
    rows.push({
      id: item.id,
      depth: item.depth,
      parentId: item.parent_id ?? pageId,
      container: isContainerType(item.type),
      collapsed: isCollapsed,
    });
    if (isCollapsed || item.id === dragged) skipBelow = item.depth;
  }
  return rows;
}

export interface Projection {
  parent_id: string;
  index: number;
  depth: number;
}

/**
 * The depths a row may take between two neighbours: at most one level under an open section above
 * it, at least the depth of the row below it (which must stay where it is in the tree).
 */
export function depthBounds(previous: TreeRow | undefined, next: TreeRow | undefined): { min: number; max: number } {
  return {
    max: previous ? (previous.container && !previous.collapsed ? previous.depth + 1 : previous.depth) : 1,
    min: next ? next.depth : 1,
  };
}

/**
 * The drop target when the item `activeId` (its descendants already left out of `rows`) is dropped
 * over `overId`, dragged `depthOffset` indents sideways; null when nothing would change.
 */
export function projectDrop(
  rows: readonly TreeRow[],
  pageId: string,
  activeId: string,
  overId: string,
  depthOffset: number,
): Projection | null {
  const activeIndex = rows.findIndex((row) => row.id === activeId);
  const overIndex = rows.findIndex((row) => row.id === overId);
  if (activeIndex < 0 || overIndex < 0) return null;
  const active = rows[activeIndex];
  const moved = [...rows];
  moved.splice(activeIndex, 1);
  moved.splice(overIndex, 0, active);
  const { min, max } = depthBounds(moved[overIndex - 1], moved[overIndex + 1]);
  const depth = Math.max(min, Math.min(max, active.depth + depthOffset));

  let parentId = pageId;
  if (depth > 1) {
    for (let i = overIndex - 1; i >= 0; i--) {
      if (moved[i].depth === depth - 1) {
        parentId = moved[i].id;
        break;
      }
    }
  }
  let index = 0;
  for (let i = 0; i < overIndex; i++) if (moved[i].parentId === parentId && moved[i].id !== activeId && moved[i].depth === depth) index++;
  if (parentId === active.parentId && depth === active.depth && activeIndex === overIndex) return null;
  return { parent_id: parentId, index, depth };
}
