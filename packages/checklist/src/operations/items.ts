/** Adding, moving, deleting, unlinking and toggling items (spec 2 §4-5). */
import { buildContext } from '../context.ts';
import { refuse, succeed, warning, type Result } from '../messages.ts';
import { collectLinks, linksTouching, type Link, type LinkKind } from '../references.ts';
import { isPageType } from '../registry/item-types.ts';
import { defaultOptions, getItemType, isAllowedOnPage } from '../registry/registry.ts';
import type { Item, ItemOptions, RuleSet, TemplateDocument } from '../schema.ts';
import { findItem, reparent, subtreeEnd } from '../tree.ts';
import { newItem } from './pages.ts';
import {
  checkChange,
  defaultOperationContext,
  finalize,
  insertionIndex,
  isFixedPage,
  isValidParent,
  type OperationContext,
  type Target,
} from './shared.ts';

export interface AddItemInput extends Target {
  type: Item['type'];
  title?: string;
  options?: Partial<ItemOptions>;
}

export function addItem(
  doc: TemplateDocument,
  input: AddItemInput,
  context: OperationContext = defaultOperationContext,
): Result<{ document: TemplateDocument; id: string }> {
  if (isPageType(input.type)) return refuse('CKL_INVALID_TARGET');
  const parentIndex = doc.items.findIndex((item) => item.id === input.parent_id);
  const parent = doc.items[parentIndex];
  if (!isValidParent(parent)) return refuse('CKL_NO_PARENT_ITEM');
  const item = newItem(context, input.type, parent, {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.options === undefined ? {} : { options: input.options }),
  });
  if (item.options.repeatable === true && !getItemType(item.type).repeatable) return refuse('CKL_REPEATABLE_NOT_ALLOWED');
  const items = [...doc.items];
  items.splice(insertionIndex(items, parentIndex, input.index), 0, item);
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed({ document: next, id: item.id });
}

/** The top-most of the given ids (an id under another selected one moves with it), in document order. */
function selectRoots(doc: TemplateDocument, ids: readonly string[]): { index: number; end: number }[] | string {
  const wanted = new Set(ids);
  const roots: { index: number; end: number }[] = [];
  for (const id of wanted) if (!doc.items.some((item) => item.id === id)) return id;
  for (let i = 0; i < doc.items.length; i++) {
    if (wanted.has(doc.items[i].id)) {
      const end = subtreeEnd(doc.items, i);
      roots.push({ index: i, end });
      i = end - 1;
    }
  }
  return roots;
}

/**
 * Moves items (each with its descendants, as collapsed sections move) under a page or section.
 * Refused across the start or end page, onto a page that excludes them, into illegal nesting, or
 * when a calculation, document id or rule would read an item placed after it.
 */
export function moveItems(doc: TemplateDocument, ids: readonly string[], target: Target): Result<TemplateDocument> {
  const roots = selectRoots(doc, ids);
  if (typeof roots === 'string') return refuse('CKL_ITEM_NOT_FOUND', { item: roots });
  if (roots.length === 0) return succeed(doc);
  if (roots.some(({ index }) => doc.items[index].depth === 0)) return refuse('CKL_INVALID_TARGET');
  const moving = new Set<number>();
  for (const { index, end } of roots) for (let i = index; i < end; i++) moving.add(i);
  const targetIndex = doc.items.findIndex((item) => item.id === target.parent_id);
  if (!isValidParent(doc.items[targetIndex]) || moving.has(targetIndex)) return refuse('CKL_INVALID_TARGET');

  const context = buildContext(doc);
  const targetPage = context.pageOf.get(target.parent_id)!;
  for (const { index } of roots) {
    const sourcePage = context.pageOf.get(doc.items[index].id)!;
    if (sourcePage.id !== targetPage.id && (isFixedPage(sourcePage) || isFixedPage(targetPage))) {
      return refuse('CKL_MOVE_ACROSS_FIXED_PAGE');
    }
  }

  const rest = doc.items.filter((_, i) => !moving.has(i));
  const parentIndex = rest.findIndex((item) => item.id === target.parent_id);
  const parent = rest[parentIndex];
  const blocks = roots.flatMap(({ index, end }) => reparent(doc.items.slice(index, end), parent));
  const at = insertionIndex(rest, parentIndex, target.index);
  const items = [...rest.slice(0, at), ...blocks, ...rest.slice(at)];
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

export interface LinkedItem {
  id: string;
  title: string;
  kinds: LinkKind[];
}

function describeLinks(doc: TemplateDocument, links: readonly Link[], removed: ReadonlySet<string>): LinkedItem[] {
  const byId = new Map<string, LinkedItem>();
  for (const link of links) {
    for (const id of [link.from, link.to]) {
      if (removed.has(id)) continue;
      const entry = byId.get(id) ?? { id, title: findItem(doc, id)?.title ?? '', kinds: [] };
      if (!entry.kinds.includes(link.kind)) entry.kinds.push(link.kind);
      byId.set(id, entry);
    }
  }
  return [...byId.values()];
}

function subtreeIds(doc: TemplateDocument, ids: readonly string[]): Set<string> {
  const removed = new Set<string>();
  const roots = selectRoots(doc, ids);
  if (typeof roots === 'string') return removed;
  for (const { index, end } of roots) for (let i = index; i < end; i++) removed.add(doc.items[i].id);
  return removed;
}

/**
 * The deletion warning: the items outside the deleted ones that are linked to them through
 * calculations, document ids or rule sets. Empty when the deletion is harmless.
 */
export function planDeletion(doc: TemplateDocument, ids: readonly string[]): LinkedItem[] {
  const removed = subtreeIds(doc, ids);
  const links = linksTouching(collectLinks(doc), removed).filter((link) => !(removed.has(link.from) && removed.has(link.to)));
  return describeLinks(doc, links, removed);
}

/** Removes every reference to the given items from calculations, document ids and rule sets. */
export function removeReferences(doc: TemplateDocument, removed: ReadonlySet<string>): TemplateDocument {
  const items = doc.items.map((item) => {
    if (item.type === 'calculation' && item.options.calculations?.items.some((v) => removed.has(v.item_id))) {
      const calculations = { ...item.options.calculations, items: item.options.calculations.items.filter((v) => !removed.has(v.item_id)) };
      return { ...item, options: { ...item.options, calculations } };
    }
    if (item.type === 'document_id' && item.options.items?.some((part) => part.item_id && removed.has(part.item_id))) {
      const parts = item.options.items.filter((part) => !(part.item_id && removed.has(part.item_id)));
      return { ...item, options: { ...item.options, items: parts } };
    }
    return item;
  });
  return pruneRuleSets({ ...doc, items }, (ruleSet) => ({
    ...ruleSet,
    rules: ruleSet.rules.map((rule) => ({
      ...rule,
      conditions: rule.conditions.filter((condition) => !removed.has(condition.item_id)),
      actions: rule.actions.filter((action) => !removed.has(action.item_id)),
    })),
  }));
}

/**
 * Applies a change to every rule set, then drops rules left without conditions or actions, rule
 * sets left without rules or owner, and owners' links to dropped rule sets.
 */
export function pruneRuleSets(doc: TemplateDocument, change: (ruleSet: RuleSet) => RuleSet): TemplateDocument {
  const owners = new Set(doc.items.map((item) => item.options.rule_set_id).filter(Boolean));
  const ruleSets = doc.rule_sets
    .map(change)
    .map((ruleSet) => ({ ...ruleSet, rules: ruleSet.rules.filter((rule) => rule.conditions.length > 0 && rule.actions.length > 0) }))
    .filter((ruleSet) => ruleSet.rules.length > 0 && owners.has(ruleSet.uuid));
  const kept = new Set(ruleSets.map((ruleSet) => ruleSet.uuid));
  const items = doc.items.map((item) =>
    item.options.rule_set_id && !kept.has(item.options.rule_set_id) ? { ...item, options: { ...item.options, rule_set_id: '' } } : item,
  );
  return { ...doc, items, rule_sets: ruleSets };
}

/**
 * Deletes items with their descendants and removes the links to them ("continue anyway" after the
 * deletion warning). The hidden page and its dates cannot be deleted.
 */
export function deleteItems(doc: TemplateDocument, ids: readonly string[]): Result<TemplateDocument> {
  const roots = selectRoots(doc, ids);
  if (typeof roots === 'string') return refuse('CKL_ITEM_NOT_FOUND', { item: roots });
  const removed = subtreeIds(doc, ids);
  for (const id of removed) {
    const item = findItem(doc, id)!;
    if (item.type === 'hidden_page' || item.type === 'inspection_real_start_date' || item.type === 'inspection_real_end_date') {
      return refuse('CKL_PAGE_FIXED');
    }
  }
  const links = planDeletion(doc, ids);
  const remaining = { ...doc, items: doc.items.filter((item) => !removed.has(item.id)) };
  const next = finalize(removeReferences(remaining, removed));
  return succeed(next, links.length > 0 ? [warning('CKL_DELETE_HAS_LINKS', {}, { items: links })] : []);
}

/**
 * Removes the links by which `user` reads `source` ("remove the link first"): the calculation
 * variable, the document id part, or the actions on `user` of rules whose conditions read `source`.
 */
export function unlinkItems(doc: TemplateDocument, source: string, user: string): TemplateDocument {
  const items = doc.items.map((item) => {
    if (item.id !== user) return item;
    if (item.type === 'calculation' && item.options.calculations) {
      const calculations = { ...item.options.calculations, items: item.options.calculations.items.filter((v) => v.item_id !== source) };
      return { ...item, options: { ...item.options, calculations } };
    }
    if (item.type === 'document_id' && item.options.items) {
      return { ...item, options: { ...item.options, items: item.options.items.filter((part) => part.item_id !== source) } };
    }
    return item;
  });
  const next = pruneRuleSets({ ...doc, items }, (ruleSet) => ({
    ...ruleSet,
    rules: ruleSet.rules.map((rule) =>
      rule.conditions.some((condition) => condition.item_id === source)
        ? { ...rule, actions: rule.actions.filter((action) => action.item_id !== user) }
        : rule,
    ),
  }));
  return finalize(next);
}

/** The hidden page's dates keep their settings (the end date stays required). */
function isSystemItem(item: Item): boolean {
  return item.type === 'inspection_real_start_date' || item.type === 'inspection_real_end_date';
}

export const TOGGLE_OPTIONS = ['required', 'require_media', 'hidden', 'exclude_report'] as const;
export type ToggleOption = (typeof TOGGLE_OPTIONS)[number];

/** Flips one boolean option (spec 2 §4 item toggles); refused for a type without that option. */
export function toggleItemOption(doc: TemplateDocument, id: string, option: ToggleOption): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === id);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: id });
  const item = doc.items[index];
  if (isSystemItem(item)) return refuse('CKL_PAGE_FIXED');
  if (!(option in defaultOptions(item.type))) return refuse('CKL_OPTION_INVALID', { option });
  const items = [...doc.items];
  items[index] = { ...item, options: { ...item.options, [option]: !(item.options[option] === true) } };
  return succeed({ ...doc, items });
}

/**
 * Options that no structural rule reads: placement, nesting, link order and scope (`checkChange`)
 * and the derived rule-set summaries and relations (`finalize`) look only at types, depths, ids,
 * `repeatable`, `grouped_item_id`, calculation variables, document id parts and rule sets. A change
 * of these options (or of the title) keeps the document's structure and links exactly as they were.
 * An allowlist, so that an option a future rule reads is checked until it is listed here on purpose.
 */
const CONTENT_OPTIONS: ReadonlySet<string> = new Set([
  'default_value',
  'min',
  'max',
  'step',
  'decimal',
  'min_length',
  'max_length',
  'required',
  'hidden',
  'exclude_report',
  'require_media',
  'require_note',
]);

function touchesOnlyContent(patch: { options?: Partial<ItemOptions> }): boolean {
  return patch.options === undefined || Object.keys(patch.options).every((key) => CONTENT_OPTIONS.has(key));
}

/**
 * Changes an item's title or options. Structural options have their own operations (repeatable,
 * grouped options, rule set, type); the item's placement and links are re-checked. A title or
 * content-option change (typing in the builder) cannot change either, so it copies the items array
 * and the item only: the rest of the document, its rule sets and relations are shared, and the
 * whole-document check, which could not find anything new, is skipped.
 */
export function updateItem(
  doc: TemplateDocument,
  id: string,
  patch: { title?: string; options?: Partial<ItemOptions> },
): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === id);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: id });
  const item = doc.items[index];
  if (isSystemItem(item) && patch.options) return refuse('CKL_PAGE_FIXED');
  const options = patch.options === undefined ? item.options : { ...item.options, ...patch.options };
  if (options.repeatable === true && !getItemType(item.type).repeatable) return refuse('CKL_REPEATABLE_NOT_ALLOWED');
  const items = [...doc.items];
  items[index] = { ...item, ...(patch.title === undefined ? {} : { title: patch.title }), options };
  if (touchesOnlyContent(patch)) return succeed({ ...doc, items });
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

/** Whether an item of this type could be added under this parent (for greying out the types panel). */
export function canAddItem(doc: TemplateDocument, type: Item['type'], parentId: string): boolean {
  // The panel asks once per type on every selection: a scan of the page, not a whole-document context.
  const { items } = doc;
  let start = items.findIndex((item) => item.id === parentId);
  if (start < 0) return false;
  while (start > 0 && items[start].depth > 0) start--;
  const page = items[start];
  if (!isPageType(page.type) || !isAllowedOnPage(page.type, type)) return false;
  if (!getItemType(type).oncePerPage) return true;
  for (let i = start + 1; i < items.length && items[i].depth > 0; i++) if (items[i].type === type) return false;
  return true;
}
