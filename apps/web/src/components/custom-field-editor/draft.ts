import { NEW_FIELD_KEY_PREFIX, type CustomField, type CustomFieldsSave, type CustomFieldType } from '@vigil/contracts';

/** The editor's working copy: fields in use (in order) and the unused ones. */
export interface Draft {
  used: CustomField[];
  unused: CustomField[];
}

export type FieldList = keyof Draft;

export const split = (fields: CustomField[]): Draft => ({
  used: fields.filter((field) => field.is_used),
  unused: fields.filter((field) => !field.is_used),
});

const isNewField = (field: Pick<CustomField, 'key'>) => field.key.startsWith(NEW_FIELD_KEY_PREFIX);

let counter = 0;
const temporaryKey = () => `${NEW_FIELD_KEY_PREFIX}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A field of `type` just dragged or clicked in: a temporary key, placed in group1, not yet named. */
export function newField(type: CustomFieldType): CustomField {
  return {
    key: temporaryKey(),
    name: '',
    description: null,
    field_type: type,
    is_required: false,
    is_used: true,
    is_locked: false,
    default_value: null,
    config: type === 'decimal' ? { max_digits: 10, decimals: 2 } : [],
    parent_id: 'group1',
  };
}

const insertAt = <T>(list: T[], item: T, index = list.length): T[] => {
  const next = [...list];
  next.splice(Math.max(0, Math.min(next.length, index)), 0, item);
  return next;
};

/** Puts `field` into the used list at `index` (the end by default). */
export const addField = (draft: Draft, field: CustomField, index?: number): Draft => ({
  ...draft,
  used: insertAt(draft.used, field, index),
});

/** Moves a used field to `to` (an index in the used list). */
export function moveField(draft: Draft, key: string, to: number): Draft {
  const from = draft.used.findIndex((field) => field.key === key);
  if (from < 0 || from === to) return draft;
  const used = [...draft.used];
  const [field] = used.splice(from, 1);
  return { ...draft, used: insertAt(used, field, to) };
}

/** Takes a field out of use: a saved one waits in the unused list, a new one is discarded. */
export function removeField(draft: Draft, key: string): Draft {
  const field = draft.used.find((f) => f.key === key);
  if (!field) return draft;
  return {
    used: draft.used.filter((f) => f.key !== key),
    unused: isNewField(field) ? draft.unused : [...draft.unused, { ...field, is_used: false }],
  };
}

/** Brings an unused field back, as not required, at `index` in the used list (the end by default). */
export function reuseField(draft: Draft, key: string, index?: number): Draft {
  const field = draft.unused.find((f) => f.key === key);
  if (!field) return draft;
  return {
    unused: draft.unused.filter((f) => f.key !== key),
    used: insertAt(draft.used, { ...field, is_used: true, is_required: false }, index),
  };
}

export const replaceField = (draft: Draft, field: CustomField): Draft => ({
  ...draft,
  used: draft.used.map((f) => (f.key === field.key ? field : f)),
});

/** What is dragged: a field type from the palette, or a field from one of the lists. */
export type DragSource = { kind: 'type'; type: CustomFieldType } | { kind: 'field'; key: string; list: FieldList };
/** Where it is dropped: a list, at an index (the end when absent). */
export interface DropTarget {
  list: FieldList;
  index?: number;
}

/**
 * The effect of a drop (spec 3 §4): a type dropped on the used list adds a new field there (whose
 * properties then open); used fields reorder, or leave for the unused list; unused fields come back
 * as not required. Anything else changes nothing.
 */
export function applyDrop(draft: Draft, source: DragSource, target: DropTarget): { draft: Draft; added?: CustomField } {
  if (source.kind === 'type') {
    if (target.list !== 'used') return { draft };
    const field = newField(source.type);
    return { draft: addField(draft, field, target.index), added: field };
  }
  if (source.list === 'used' && target.list === 'used')
    return { draft: moveField(draft, source.key, target.index ?? draft.used.length - 1) };
  if (source.list === 'used' && target.list === 'unused') return { draft: removeField(draft, source.key) };
  if (source.list === 'unused' && target.list === 'used') return { draft: reuseField(draft, source.key, target.index) };
  return { draft };
}

/** The payload: new or changed used fields (parent_id null), removed ones (is_used false), and the order. */
export function buildSavePayload(original: CustomField[], draft: Draft): CustomFieldsSave {
  const before = new Map(original.map((field) => [field.key, JSON.stringify(field)]));
  const fields: CustomField[] = [];
  for (const field of draft.used) {
    const next = { ...field, is_used: true, parent_id: null };
    if (isNewField(field) || before.get(field.key) !== JSON.stringify(field)) fields.push(next);
  }
  for (const field of draft.unused) {
    if (isNewField(field)) continue;
    if (original.find((o) => o.key === field.key)?.is_used) fields.push({ ...field, is_used: false, parent_id: null });
  }
  return { fields, order: Object.fromEntries(draft.used.map((field, index) => [field.key, index])) };
}
