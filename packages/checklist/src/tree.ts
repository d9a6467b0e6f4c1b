/**
 * Reading the flat item list as a tree. Items are stored depth-first: a page, then its items; a
 * section, then its descendants. An item's subtree is the run of items after it with a larger depth.
 */
import { isPageType, type PageType } from './registry/item-types.ts';
import type { Item, TemplateDocument } from './schema.ts';

/** The index just past the subtree of the item at `index`. */
export function subtreeEnd(items: readonly Item[], index: number): number {
  const depth = items[index].depth;
  let end = index + 1;
  while (end < items.length && items[end].depth > depth) end++;
  return end;
}

export interface DocumentIndex {
  /** Position of each item id in `items`. */
  position: Map<string, number>;
  /** Direct children of each container id, in order (pages under the key `''`). */
  children: Map<string, string[]>;
  /** The page each item sits on (pages map to themselves). */
  pageOf: Map<string, string>;
}

export function indexDocument(doc: Pick<TemplateDocument, 'items'>): DocumentIndex {
  const position = new Map<string, number>();
  const children = new Map<string, string[]>();
  const pageOf = new Map<string, string>();
  let page = '';
  doc.items.forEach((item, i) => {
    position.set(item.id, i);
    if (item.depth === 0) page = item.id;
    pageOf.set(item.id, page);
    const parent = item.parent_id ?? '';
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(item.id);
  });
  return { position, children, pageOf };
}

export function findItem(doc: Pick<TemplateDocument, 'items'>, id: string): Item | undefined {
  return doc.items.find((item) => item.id === id);
}

/** Ancestors of an item, nearest first. */
export function ancestorsOf(items: readonly Item[], index: number): Item[] {
  const result: Item[] = [];
  let depth = items[index].depth;
  for (let i = index - 1; i >= 0 && depth > 0; i--) {
    if (items[i].depth < depth) {
      result.push(items[i]);
      depth = items[i].depth;
    }
  }
  return result;
}

export function pageTypeAt(items: readonly Item[], index: number): PageType | null {
  for (let i = index; i >= 0; i--) {
    const item = items[i];
    if (item.depth === 0) return isPageType(item.type) ? item.type : null;
  }
  return null;
}

export function pagesOf(doc: Pick<TemplateDocument, 'items'>): Item[] {
  return doc.items.filter((item) => item.depth === 0);
}

/**
 * Whether parent_id and depth agree with the order: every item with depth > 0 follows its parent,
 * sits one level below it, and its parent is a container. Returns the first bad item id or null.
 */
export function findStructureError(items: readonly Item[]): string | null {
  const stack: Item[] = [];
  for (const item of items) {
    while (stack.length > item.depth) stack.pop();
    if (item.depth === 0) {
      if (item.parent_id !== null || !isPageType(item.type)) return item.id;
    } else {
      const parent = stack[item.depth - 1];
      if (!parent || stack.length !== item.depth || parent.id !== item.parent_id) return item.id;
      if (!(parent.type === 'section' || parent.type === 'repeating_group' || isPageType(parent.type))) return item.id;
      if (isPageType(item.type)) return item.id;
    }
    stack.push(item);
  }
  return null;
}

/** Sets depth and parent_id of the subtree rooted at `items[0]` under a new parent. */
export function reparent(subtree: readonly Item[], parent: Item | null): Item[] {
  const shift = (parent ? parent.depth + 1 : 0) - subtree[0].depth;
  return subtree.map((item, i) =>
    i === 0
      ? { ...item, parent_id: parent ? parent.id : null, depth: item.depth + shift }
      : item.depth + shift === item.depth
        ? item
        : { ...item, depth: item.depth + shift },
  );
}
