/** What every structural operation shares: ids, insertion points, and the check of a result. */
import { buildContext, findNestingViolations } from '../context.ts';
import { refuse, type Refusal } from '../messages.ts';
import { collectLinks, computeRelations, findOrderViolations, findScopeViolations } from '../references.ts';
import { isContainerType, isPageType } from '../registry/item-types.ts';
import { normalizeRuleSet } from '../rules/validate.ts';
import type { Item, TemplateDocument } from '../schema.ts';
import { subtreeEnd } from '../tree.ts';
import { validatePlacement } from '../validation/validate-document.ts';

/** Operations take their ids from the caller, so that they stay pure and testable. */
export interface OperationContext {
  newId: () => string;
}

/** A random v4-style id from the platform's crypto (browsers and Node both have it). */
export function randomId(): string {
  return (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto.randomUUID();
}

export const defaultOperationContext: OperationContext = { newId: randomId };

/** A deterministic id source for tests and fixtures: `prefix-1`, `prefix-2` ... */
export function sequentialIds(prefix = 'id'): OperationContext {
  let n = 0;
  return { newId: () => `${prefix}-${++n}` };
}

export interface Target {
  /** The page or section that will hold the item. */
  parent_id: string;
  /** Position among the parent's direct children (after the moved items are taken out); default last. */
  index?: number;
}

/** Where in the flat list a new child of `parentIndex` goes when it becomes child number `childIndex`. */
export function insertionIndex(items: readonly Item[], parentIndex: number, childIndex?: number): number {
  const parent = items[parentIndex];
  const end = subtreeEnd(items, parentIndex);
  if (childIndex === undefined) return end;
  let seen = 0;
  for (let i = parentIndex + 1; i < end; i++) {
    if (items[i].depth === parent.depth + 1) {
      if (seen === childIndex) return i;
      seen++;
    }
  }
  return end;
}

export function isValidParent(item: Item | undefined): item is Item {
  return item !== undefined && isContainerType(item.type) && item.type !== 'repeating_group';
}

/** Derived fields kept current after every change: rule set summaries and the relations index. */
export function finalize(doc: TemplateDocument): TemplateDocument {
  const ruleSets = doc.rule_sets.map(normalizeRuleSet);
  const next = { ...doc, rule_sets: ruleSets };
  return { ...next, relations: computeRelations(next) };
}

function keysOf<T>(list: readonly T[], key: (entry: T) => string): Set<string> {
  return new Set(list.map(key));
}

/**
 * Compares a changed document with the one before: refuses when the change brings a placement,
 * nesting or link-order problem that was not there before. Existing problems are not blamed on it.
 */
export function checkChange(before: TemplateDocument, after: TemplateDocument): Refusal | null {
  const beforeContext = buildContext(before);
  const afterContext = buildContext(after);

  const placementKey = (entry: { code: string; item_id?: string }) => `${entry.code}:${entry.item_id}`;
  const placementBefore = keysOf(validatePlacement(beforeContext), placementKey);
  const newPlacement = validatePlacement(afterContext).filter((entry) => !placementBefore.has(placementKey(entry)));
  if (newPlacement.length > 0) {
    const first = newPlacement[0];
    return refuse(first.code, {}, { item_id: first.item_id });
  }

  const nestingBefore = new Set(findNestingViolations(before.items, before.grouped_items));
  const newNesting = findNestingViolations(after.items, after.grouped_items).filter((id) => !nestingBefore.has(id));
  if (newNesting.length > 0) return refuse('CKL_NESTING_NOT_ALLOWED', {}, { item_ids: newNesting });

  const linkKey = (link: { kind: string; from: string; to: string }) => `${link.kind}:${link.from}:${link.to}`;
  const linksBefore = collectLinks(before);
  const linksAfter = collectLinks(after);
  const violationsBefore = keysOf(findOrderViolations(linksBefore, beforeContext.position), linkKey);
  const newViolations = findOrderViolations(linksAfter, afterContext.position).filter((link) => !violationsBefore.has(linkKey(link)));
  if (newViolations.length > 0) {
    return refuse(
      'CKL_MOVE_DEPENDENCY_CONFLICT',
      {},
      {
        links: newViolations.map((link) => ({ kind: link.kind, from: link.from, to: link.to })),
      },
    );
  }
  const scopeBefore = keysOf(findScopeViolations(linksBefore, beforeContext.scopeOf), linkKey);
  const newScope = findScopeViolations(linksAfter, afterContext.scopeOf).filter((link) => !scopeBefore.has(linkKey(link)));
  if (newScope.length > 0) {
    return refuse(
      'CKL_REFERENCE_IN_REPEATABLE',
      {},
      {
        links: newScope.map((link) => ({ kind: link.kind, from: link.from, to: link.to })),
      },
    );
  }
  return null;
}

export function isFixedPage(item: Item): boolean {
  return isPageType(item.type) && item.type !== 'page';
}
