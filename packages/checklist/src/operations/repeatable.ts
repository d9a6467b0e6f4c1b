/**
 * Repeatable items and grouped options (spec 2 §4-5): the nesting rule, and the repeating-group
 * wrapper a repeatable item is saved in.
 */
import { buildContext, isNestingRestricted } from '../context.ts';
import { refuse, succeed, type Refusal, type Result } from '../messages.ts';
import { defaultOptions, getItemType } from '../registry/registry.ts';
import type { GroupedItem, Item, RepeatableSettings, TemplateDocument } from '../schema.ts';
import { ancestorsOf, subtreeEnd } from '../tree.ts';
import { checkChange, finalize } from './shared.ts';

/**
 * Why an item cannot be made repeatable (or given custom grouped options), or null if it can:
 * the type does not repeat, or an ancestor or descendant is already repeatable or grouped.
 */
export function repeatableRefusal(doc: TemplateDocument, id: string, check: 'repeatable' | 'grouped' = 'repeatable'): Refusal | null {
  const index = doc.items.findIndex((item) => item.id === id);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: id });
  const item = doc.items[index];
  if (check === 'repeatable' && !getItemType(item.type).repeatable) return refuse('CKL_REPEATABLE_NOT_ALLOWED');
  if (check === 'grouped' && item.type !== 'section') return refuse('CKL_OPTION_INVALID', { option: 'grouped_item_id' });
  const restricted = (other: Item) => isNestingRestricted(other, doc.grouped_items);
  const end = subtreeEnd(doc.items, index);
  if (ancestorsOf(doc.items, index).some(restricted) || doc.items.slice(index + 1, end).some(restricted)) {
    return refuse('CKL_NESTING_NOT_ALLOWED');
  }
  return null;
}

export function setRepeatable(
  doc: TemplateDocument,
  id: string,
  repeatable: boolean,
  settings: RepeatableSettings | null = null,
): Result<TemplateDocument> {
  if (repeatable) {
    const refusal = repeatableRefusal(doc, id);
    if (refusal) return refusal;
  }
  const items = doc.items.map((item) =>
    item.id === id ? { ...item, options: { ...item.options, repeatable, repeatable_settings: repeatable ? settings : null } } : item,
  );
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

/**
 * Gives a section grouped options (adding the group to grouped_items), or removes them with null.
 * Custom grouped options follow the nesting rule.
 */
export function setGroupedOptions(doc: TemplateDocument, sectionId: string, group: GroupedItem | null): Result<TemplateDocument> {
  const section = doc.items.find((item) => item.id === sectionId);
  if (!section) return refuse('CKL_ITEM_NOT_FOUND', { item: sectionId });
  if (section.type !== 'section') return refuse('CKL_OPTION_INVALID', { option: 'grouped_item_id' });
  const oldId = section.options.grouped_item_id;
  const stillUsed = doc.items.some((item) => item.id !== sectionId && item.options.grouped_item_id === oldId);
  let groupedItems = oldId && !stillUsed ? doc.grouped_items.filter((g) => g.uuid !== oldId) : [...doc.grouped_items];
  if (group) groupedItems = [...groupedItems.filter((g) => g.uuid !== group.uuid), group];
  const items = doc.items.map((item) =>
    item.id === sectionId ? { ...item, options: { ...item.options, grouped_item_id: group ? group.uuid : '' } } : item,
  );
  const next = finalize({ ...doc, items, grouped_items: groupedItems });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

/** The id of the repeating-group wrapper of an item. */
export function wrapperIdOf(itemId: string): string {
  return `${itemId}:repeating_group`;
}

/**
 * For saving (spec 2 §4, §7): every repeatable item is put inside a repeating-group item that
 * carries the repeat settings; the item itself is no longer marked repeatable.
 */
export function wrapRepeatables(doc: TemplateDocument): TemplateDocument {
  const items: Item[] = [];
  for (let i = 0; i < doc.items.length; i++) {
    const item = doc.items[i];
    if (item.options.repeatable !== true || item.type === 'repeating_group') {
      items.push(item);
      continue;
    }
    const end = subtreeEnd(doc.items, i);
    const wrapper: Item = {
      id: wrapperIdOf(item.id),
      title: item.title,
      type: 'repeating_group',
      options: { ...defaultOptions('repeating_group'), repeatable_settings: item.options.repeatable_settings ?? null },
      parent_id: item.parent_id,
      base_id: null,
      reference_key: null,
      visible: item.visible,
      depth: item.depth,
      collapsed: false,
    };
    const { repeatable_settings: _settings, ...rest } = item.options;
    items.push(wrapper, { ...item, parent_id: wrapper.id, depth: item.depth + 1, options: { ...rest, repeatable: false } });
    for (let j = i + 1; j < end; j++) items.push({ ...doc.items[j], depth: doc.items[j].depth + 1 });
    i = end - 1;
  }
  return { ...doc, items };
}

/**
 * When loading: a repeating-group item with a single child is taken away and its child becomes
 * repeatable with the group's settings. Groups of several items (the deprecated kind) stay.
 */
export function unwrapRepeatables(doc: TemplateDocument): TemplateDocument {
  const items: Item[] = [];
  for (let i = 0; i < doc.items.length; i++) {
    const item = doc.items[i];
    const end = subtreeEnd(doc.items, i);
    const directChildren = doc.items.slice(i + 1, end).filter((child) => child.depth === item.depth + 1);
    if (item.type !== 'repeating_group' || directChildren.length !== 1) {
      items.push(item);
      continue;
    }
    const child = doc.items[i + 1];
    items.push({
      ...child,
      parent_id: item.parent_id,
      depth: item.depth,
      options: { ...child.options, repeatable: true, repeatable_settings: item.options.repeatable_settings ?? null },
    });
    for (let j = i + 2; j < end; j++) items.push({ ...doc.items[j], depth: doc.items[j].depth - 1 });
    i = end - 1;
  }
  if (items.length === doc.items.length) return doc;
  return finalize({ ...doc, items });
}

/** Every repeatable item and its repeat instances' scope, for the inspection screen. */
export function repeatableItems(doc: TemplateDocument): Item[] {
  const context = buildContext(doc);
  return doc.items.filter((item) => context.scopeOf.get(item.id) === item.id);
}
