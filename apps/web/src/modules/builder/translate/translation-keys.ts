import { AUTO_TRANSLATE_MAX } from '@vigil/contracts';
import type { Item, TemplateDocument } from '@vigil/checklist';

/**
 * The translation keys of chosen items, as the server names a document's texts (`sourceTexts` in
 * templates.translations.ts): `items.<id>.title` and, for a custom response set, one
 * `responses.<set>.<option>.label` per option.
 */
export interface TranslationField {
  key: string;
  kind: 'title' | 'option';
  /** The text in the builder now; the server's record may lag behind it until the next save. */
  text: string;
}

export interface ChosenTranslation {
  item: Item;
  fields: TranslationField[];
}

/** Types whose title is not translated (the server leaves them out). */
const UNTRANSLATED_TYPES = new Set<Item['type']>(['hidden_page', 'repeating_group']);

function fieldsOf(document: TemplateDocument, item: Item): TranslationField[] {
  const fields: TranslationField[] = [];
  if (item.title && !UNTRANSLATED_TYPES.has(item.type)) fields.push({ key: `items.${item.id}.title`, kind: 'title', text: item.title });
  const setId = item.options.response_set_id;
  const set = setId && item.options.options_type !== 'global' ? document.responses.find((entry) => entry.uuid === setId) : undefined;
  for (const option of set?.options ?? []) {
    if (option.label) fields.push({ key: `responses.${set!.uuid}.${option.uuid}.label`, kind: 'option', text: option.label });
  }
  return fields;
}

/**
 * The chosen items in document order with their fields. A response set several chosen items share is
 * listed under the first of them only: it is one text to translate.
 */
export function chosenTranslations(document: TemplateDocument, chosen: ReadonlySet<string>): ChosenTranslation[] {
  const seen = new Set<string>();
  return document.items
    .filter((item) => chosen.has(item.id))
    .map((item) => {
      const fields = fieldsOf(document, item).filter((field) => !seen.has(field.key));
      for (const field of fields) seen.add(field.key);
      return { item, fields };
    });
}

/** Machine translation skips instructions (spec 2 §5): the server would leave them out of its answer. */
export function machineTranslatable(entry: ChosenTranslation): TranslationField[] {
  return entry.item.type === 'instruction' ? [] : entry.fields;
}

export interface BatchHooks {
  /** Receives each batch's translations as it arrives, with how many keys are done. */
  onBatch: (records: { key: string; translation: string }[], done: number, total: number) => void;
  /** Checked before each batch: the user stopped. */
  stopped: () => boolean;
}

/**
 * Machine-translates keys in batches of at most `AUTO_TRANSLATE_MAX` (the server's limit), one
 * request after the other. A failing batch throws; the batches before it have been handed over.
 */
export async function translateInBatches(
  keys: readonly string[],
  translate: (batch: string[]) => Promise<{ key: string; translation: string }[]>,
  hooks: BatchHooks,
): Promise<void> {
  for (let start = 0; start < keys.length; start += AUTO_TRANSLATE_MAX) {
    if (hooks.stopped()) return;
    const batch = keys.slice(start, start + AUTO_TRANSLATE_MAX);
    const records = await translate(batch);
    hooks.onBatch(records, Math.min(start + batch.length, keys.length), keys.length);
  }
}
