/**
 * The responses of a choice question (spec 2 §3): its own response set, or a global response set of
 * the workspace, copied into the document's `global_responses` so the template carries the labels,
 * colours and scores it was built with.
 */
import { refuse, succeed, type Result } from '../messages.ts';
import type { GlobalResponseSet, Item, ItemOptions, ResponseOption, TemplateDocument } from '../schema.ts';
import { hasResponseSet } from '../validation/validate-document.ts';
import { defaultOperationContext, type OperationContext } from './shared.ts';

export type ResponseSource = 'custom' | 'global';

function findChoiceItem(doc: TemplateDocument, itemId: string): Result<{ item: Item; index: number }> {
  const index = doc.items.findIndex((item) => item.id === itemId);
  const item = doc.items[index];
  if (!item) return refuse('CKL_ITEM_NOT_FOUND', { item: itemId });
  if (!hasResponseSet(item.type)) return refuse('CKL_TYPE_NOT_SUPPORTED');
  return succeed({ item, index });
}

/** A default answer that is no longer among the options is dropped. */
function keptDefault(value: unknown, options: readonly ResponseOption[]): unknown {
  const ids = new Set(options.map((option) => option.uuid));
  if (Array.isArray(value)) return value.filter((id) => ids.has(String(id)));
  return typeof value === 'string' && !ids.has(value) ? null : value;
}

function withItemOptions(
  doc: TemplateDocument,
  index: number,
  patch: Partial<ItemOptions>,
  options: readonly ResponseOption[],
): TemplateDocument['items'] {
  const items = [...doc.items];
  const item = items[index];
  const next = { ...item.options, ...patch };
  next.default_value = keptDefault(next.default_value, options);
  items[index] = { ...item, options: next };
  return items;
}

/** Whether another item than `itemId` reads the set `setId` from `source`. */
function usedElsewhere(doc: TemplateDocument, itemId: string, setId: string, source: ResponseSource): boolean {
  return doc.items.some(
    (item) =>
      item.id !== itemId && item.options.response_set_id === setId && (item.options.options_type === 'global') === (source === 'global'),
  );
}

/** The document without the set the item leaves, unless another item still reads it. */
function withoutLeftSet(doc: TemplateDocument, item: Item): TemplateDocument {
  const setId = item.options.response_set_id;
  if (!setId) return doc;
  const source: ResponseSource = item.options.options_type === 'global' ? 'global' : 'custom';
  if (usedElsewhere(doc, item.id, setId, source)) return doc;
  return source === 'global'
    ? { ...doc, global_responses: doc.global_responses.filter((set) => set.uuid !== setId) }
    : { ...doc, responses: doc.responses.filter((set) => set.uuid !== setId) };
}

/**
 * Sets the options of the item's own response set (labels, colours, scores). An item answered with
 * its type's default options (yes/no, ok/not ok, on/off) gets a set of its own on its first edit.
 */
export function setOwnResponses(
  doc: TemplateDocument,
  itemId: string,
  options: ResponseOption[],
  context: OperationContext = defaultOperationContext,
): Result<TemplateDocument> {
  const found = findChoiceItem(doc, itemId);
  if (!found.ok) return found;
  const { item, index } = found.value;
  if (item.options.options_type === 'global') return refuse('CKL_TYPE_NOT_SUPPORTED');
  const setId = item.options.response_set_id;
  if (setId && doc.responses.some((set) => set.uuid === setId)) {
    const responses = doc.responses.map((set) => (set.uuid === setId ? { ...set, options } : set));
    return succeed({ ...doc, responses, items: withItemOptions(doc, index, {}, options) });
  }
  const uuid = context.newId();
  return succeed({
    ...doc,
    responses: [...doc.responses, { uuid, options }],
    items: withItemOptions(doc, index, { options_type: 'custom', response_set_id: uuid }, options),
  });
}

/**
 * Switches where the item's responses come from. To global responses: no set is chosen yet (the
 * draft shows "Field is required" until one is). Back to its own responses: a new set starting from
 * the global set's options when one was chosen (same ids, so rules keep their values), else from
 * `startWith`. The set left behind is removed unless another item reads it.
 */
export function setResponseSource(
  doc: TemplateDocument,
  itemId: string,
  source: ResponseSource,
  startWith: ResponseOption[],
  context: OperationContext = defaultOperationContext,
): Result<TemplateDocument> {
  const found = findChoiceItem(doc, itemId);
  if (!found.ok) return found;
  const { item, index } = found.value;
  const current: ResponseSource = item.options.options_type === 'global' ? 'global' : 'custom';
  if (current === source) return succeed(doc);
  if (source === 'global') {
    const rest = withoutLeftSet(doc, item);
    return succeed({ ...rest, items: withItemOptions(rest, index, { options_type: 'global', response_set_id: '' }, []) });
  }
  const chosen = doc.global_responses.find((set) => set.uuid === item.options.response_set_id);
  const options = chosen ? chosen.options.map((option) => ({ ...option })) : startWith;
  const rest = withoutLeftSet(doc, item);
  const uuid = context.newId();
  return succeed({
    ...rest,
    responses: [...rest.responses, { uuid, options }],
    items: withItemOptions(rest, index, { options_type: 'custom', response_set_id: uuid }, options),
  });
}

/**
 * Answers the item from a global response set of the workspace: the set (name, options with their
 * colours and scores, languages) is copied into `global_responses`, replacing an older copy of it.
 */
export function chooseGlobalResponseSet(doc: TemplateDocument, itemId: string, set: GlobalResponseSet): Result<TemplateDocument> {
  const found = findChoiceItem(doc, itemId);
  if (!found.ok) return found;
  const { item, index } = found.value;
  const rest = item.options.response_set_id === set.uuid && item.options.options_type === 'global' ? doc : withoutLeftSet(doc, item);
  const global_responses = rest.global_responses.some((entry) => entry.uuid === set.uuid)
    ? rest.global_responses.map((entry) => (entry.uuid === set.uuid ? set : entry))
    : [...rest.global_responses, set];
  return succeed({
    ...rest,
    global_responses,
    items: withItemOptions(rest, index, { options_type: 'global', response_set_id: set.uuid }, set.options),
  });
}
