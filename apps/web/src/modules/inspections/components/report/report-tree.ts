import { isPageType, parseAnswerKey, type Item, type TemplateDocument } from '@vigil/checklist';
import type { InspectionReport } from '@vigil/contracts';

/** One shown key of the report in its place: a page or section with what it holds, or a question. */
export interface ReportNode {
  key: string;
  item: Item;
  /** The repeat instance, null outside a repeatable. */
  instanceId: string | null;
  /** 1-based place of the instance among its repeatable's, on the repeatable itself (a repeatable section or question); else null. */
  entry: number | null;
  children: ReportNode[];
}

/** Pages and sections hold other items; every other shown item is an answer row. */
export const isContainer = (item: Pick<Item, 'type'>) => isPageType(item.type) || item.type === 'section';

/** Items the report never lists: an instruction answers nothing, and a repeating group's wrapper is read through. */
const UNLISTED: ReadonlySet<Item['type']> = new Set<Item['type']>(['instruction']);

/**
 * The report's shown keys as a tree, in document order: the server lists them depth-first (a repeatable
 * and its items once per instance, instance after instance), so each key goes under the nearest
 * container before it that is one level up. Keys of items the document does not know are left out.
 */
export function reportTree(document: TemplateDocument, report: Pick<InspectionReport, 'shown' | 'instances'>): ReportNode[] {
  const byId = new Map(document.items.map((item) => [item.id, item]));
  const roots: ReportNode[] = [];
  const stack: ReportNode[] = [];
  for (const key of report.shown) {
    const { itemId, instanceId } = parseAnswerKey(key);
    const item = byId.get(itemId);
    if (!item || UNLISTED.has(item.type)) continue;
    const instances = report.instances[itemId] ?? ['1'];
    const node: ReportNode = {
      key,
      item,
      instanceId,
      entry: item.options.repeatable === true && instanceId !== null ? instances.indexOf(instanceId) + 1 || null : null,
      children: [],
    };
    while (stack.length && stack[stack.length - 1].item.depth >= item.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    if (isContainer(item)) stack.push(node);
  }
  return roots;
}

/** The keys of every page and section in the tree (what "collapse all" folds). */
export function containerKeys(nodes: readonly ReportNode[]): string[] {
  const keys: string[] = [];
  const walk = (list: readonly ReportNode[]) => {
    for (const node of list) {
      if (!isContainer(node.item)) continue;
      keys.push(node.key);
      walk(node.children);
    }
  };
  walk(nodes);
  return keys;
}

/** The containers around a key, outermost first (what must unfold to show it). */
export function containersAround(nodes: readonly ReportNode[], key: string): string[] {
  const path: string[] = [];
  const find = (list: readonly ReportNode[]): boolean => {
    for (const node of list) {
      if (node.key === key) return true;
      if (!isContainer(node.item)) continue;
      path.push(node.key);
      if (find(node.children)) return true;
      path.pop();
    }
    return false;
  };
  return find(nodes) ? path : [];
}
