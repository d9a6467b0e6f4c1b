/** The automatic Fix for deprecated item types (spec 2 §4, §8). */
import { refuse, succeed, type Refusal, type Result } from '../messages.ts';
import { defaultOptions, DEPRECATED_TYPES, getItemType, optionKeys } from '../registry/registry.ts';
import type { Item, ItemOptions, TemplateDocument } from '../schema.ts';
import { subtreeEnd } from '../tree.ts';
import { checkChange, finalize } from './shared.ts';

/** Options every type shares, carried over to the replacement type. */
const CARRIED: readonly (keyof ItemOptions)[] = [
  'info_id',
  'rule_set_id',
  'hidden',
  'exclude_report',
  'required',
  'require_media',
  'require_note',
  'scope',
  'global_list_uuid',
  'global_list_id',
  'label_field_keys',
  'value_field_keys',
  'separator',
];

function fixedItem(item: Item): Item {
  const replacement = getItemType(item.type).fixTo!;
  const options: ItemOptions = { ...defaultOptions(replacement) };
  const known = optionKeys(replacement);
  for (const key of CARRIED) {
    if (known.includes(key) && item.options[key] !== undefined) (options as Record<string, unknown>)[key] = item.options[key];
  }
  if (item.type === 'repeating_group') {
    options.repeatable = true;
    options.repeatable_settings = item.options.repeatable_settings ?? null;
  }
  return { ...item, type: replacement, options };
}

/**
 * Replaces a deprecated item by its successor: inspection_number → document_id, end_signature →
 * signature, site → asset, issues_count → counter, dataset and spare_parts → global_list, and a
 * repeating group of several items → a repeatable section holding them. Refused when the result
 * would break a page or nesting rule (for example a second asset on the page).
 */
export function fixDeprecatedItem(doc: TemplateDocument, id: string): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === id);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: id });
  const item = doc.items[index];
  if (getItemType(item.type).fixTo === null) return refuse('CKL_TYPE_NOT_SUPPORTED');
  const items = [...doc.items];
  items[index] = fixedItem(item);
  if (item.type === 'repeating_group') {
    // A group's children can no longer repeat on their own inside the new repeatable section.
    const end = subtreeEnd(items, index);
    for (let i = index + 1; i < end; i++) {
      if (items[i].options.repeatable === true) return refuse('CKL_NESTING_NOT_ALLOWED');
    }
  }
  const next = finalize({ ...doc, items });
  const refusal = checkChange(doc, next);
  return refusal ?? succeed(next);
}

/** Fixes every deprecated item it can; the others are listed with the reason. */
export function fixAllDeprecated(doc: TemplateDocument): {
  document: TemplateDocument;
  fixed: string[];
  refused: { id: string; refusal: Refusal }[];
} {
  let document = doc;
  const fixed: string[] = [];
  const refused: { id: string; refusal: Refusal }[] = [];
  for (const item of doc.items) {
    if (!DEPRECATED_TYPES.includes(item.type)) continue;
    const result = fixDeprecatedItem(document, item.id);
    if (result.ok) {
      document = result.value;
      fixed.push(item.id);
    } else refused.push({ id: item.id, refusal: result });
  }
  return { document, fixed, refused };
}
