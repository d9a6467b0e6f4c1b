/** A read-only index of a document that validation, operations and the evaluator share. */
import type { Language } from '@vigil/contracts';
import { formatMessage, type ChecklistMessageCode } from './messages.ts';
import { isPageType, type PageType } from './registry/item-types.ts';
import type { GroupedItem, Item, TemplateDocument } from './schema.ts';

export interface DocumentContext {
  doc: TemplateDocument;
  position: Map<string, number>;
  byId: Map<string, Item>;
  /** The repeatable item (section or question) an item repeats with, or null. */
  scopeOf: Map<string, string | null>;
  /** The page item each item sits on. */
  pageOf: Map<string, Item>;
  /** Direct parent container of each item (null for pages). */
  parentOf: Map<string, Item | null>;
}

export function isRepeatableItem(item: Item): boolean {
  return item.options.repeatable === true || item.type === 'repeating_group';
}

export function buildContext(doc: TemplateDocument): DocumentContext {
  const position = new Map<string, number>();
  const byId = new Map<string, Item>();
  const scopeOf = new Map<string, string | null>();
  const pageOf = new Map<string, Item>();
  const parentOf = new Map<string, Item | null>();
  const stack: Item[] = [];
  doc.items.forEach((item, i) => {
    position.set(item.id, i);
    byId.set(item.id, item);
    while (stack.length > 0 && stack[stack.length - 1].depth >= item.depth) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
    parentOf.set(item.id, parent);
    pageOf.set(item.id, stack[0] ?? item);
    let scope: string | null = parent ? (scopeOf.get(parent.id) ?? null) : null;
    if (scope === null && isRepeatableItem(item)) scope = item.id;
    scopeOf.set(item.id, scope);
    stack.push(item);
  });
  return { doc, position, byId, scopeOf, pageOf, parentOf };
}

export function pageTypeOf(context: DocumentContext, id: string): PageType | null {
  const page = context.pageOf.get(id);
  return page && isPageType(page.type) ? page.type : null;
}

/** Sections whose grouped options are of the custom type take part in the nesting rule. */
export function hasCustomGroupedOptions(item: Item, groupedItems: readonly GroupedItem[]): boolean {
  const id = item.options.grouped_item_id;
  if (!id) return false;
  return groupedItems.some((group) => group.uuid === id && group.type === 'custom');
}

/** An item restricted by the nesting rule: repeatable, or grouped options of the custom type. */
export function isNestingRestricted(item: Item, groupedItems: readonly GroupedItem[]): boolean {
  return isRepeatableItem(item) || (item.type === 'section' && hasCustomGroupedOptions(item, groupedItems));
}

/** Ids of restricted items that have a restricted ancestor (spec 2 §5 nesting rule). */
export function findNestingViolations(items: readonly Item[], groupedItems: readonly GroupedItem[]): string[] {
  const violations: string[] = [];
  const stack: { depth: number; restricted: boolean }[] = [];
  for (const item of items) {
    while (stack.length > 0 && stack[stack.length - 1].depth >= item.depth) stack.pop();
    const restricted = isNestingRestricted(item, groupedItems);
    if (restricted && stack.some((entry) => entry.restricted)) violations.push(item.id);
    stack.push({ depth: item.depth, restricted });
  }
  return violations;
}

export type Severity = 'error' | 'warning';

export interface ValidationIssue {
  severity: Severity;
  code: ChecklistMessageCode;
  message: string;
  params: Record<string, string | number>;
  /** Where in the document: `items.3.options.min`, `rule_sets.0.rules.1.actions`. */
  path: string;
  item_id?: string;
  rule_set_id?: string;
}

export function issue(
  code: ChecklistMessageCode,
  path: string,
  extra: { params?: Record<string, string | number>; item_id?: string; rule_set_id?: string; severity?: Severity } = {},
): ValidationIssue {
  const params = extra.params ?? {};
  const result: ValidationIssue = {
    severity: extra.severity ?? 'error',
    code,
    message: formatMessage(code, params),
    params,
    path,
  };
  if (extra.item_id !== undefined) result.item_id = extra.item_id;
  if (extra.rule_set_id !== undefined) result.rule_set_id = extra.rule_set_id;
  return result;
}

/** Issues as the API's field errors, in `language`: `{ "items.3.options.min": ["Field is required"] }`. */
export function toFieldErrors(issues: readonly ValidationIssue[], language: Language = 'en'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const entry of issues) {
    if (entry.severity !== 'error') continue;
    (errors[entry.path] ??= []).push(formatMessage(entry.code, entry.params, language));
  }
  return errors;
}
