import { choicesOf, getItemType, toNumber, type Item, type ResponseOption, type TemplateDocument } from '@vigil/checklist';
import { dateShapeOf, type DateInputKind } from './answer-dates.ts';
import type { GlobalListEntry } from './ChecklistScope.ts';

/**
 * What the renderer can answer, per question type: the answer controls and the builder's test data read the
 * same lists, so test data never fills a question the inspector could not answer.
 */
export const TEXT_TYPES: ReadonlySet<Item['type']> = new Set<Item['type']>([
  'textAnswer',
  'qr',
  'barcode',
  'url',
  'site',
  'inspection_number',
]);
export const OUTPUT_TYPES: ReadonlySet<Item['type']> = new Set<Item['type']>(['constant', 'calculation', 'counter', 'issues_count']);
export const DATE_TYPES: ReadonlySet<Item['type']> = new Set<Item['type']>(['datetime', 'inspection_start_date', 'inspection_end_date']);
/** Retired types an inspection cannot answer: the builder's Fix turns them into current ones. */
export const RETIRED_TYPES: ReadonlySet<Item['type']> = new Set<Item['type']>(['dataset', 'spare_parts', 'repeating_group', 'global_item']);

/** The native input closest to a date question's shape (a year or a month is answered as a date). */
export function dateKind(item: Item): DateInputKind {
  const shape = dateShapeOf(item);
  if (shape === 'time') return 'time';
  return shape === 'datetime' || shape === 'day_time' ? 'datetime-local' : 'date';
}

/** The response options a choice question offers (none for other types, or a global list without options). */
export function choicesToAnswer(document: TemplateDocument, item: Item): readonly ResponseOption[] {
  const kind = getItemType(item.type).operandKind;
  return kind === 'select' || kind === 'multiselect' ? choicesOf(document, item) : [];
}

/** A slider's range and step as its control draws them (0-100 by 1 unless set; max above min). */
export function sliderRange(item: Item): { min: number; max: number; step: number } {
  const min = toNumber(item.options.min) ?? 0;
  const max = toNumber(item.options.max) ?? 100;
  const step = toNumber(item.options.step);
  return { min, max: max > min ? max : min + 1, step: step !== null && step > 0 ? step : 1 };
}

const DEFAULT_LABEL_KEYS = ['item_id', 'display_name'];
const DEFAULT_VALUE_KEYS = ['item_id'];

/**
 * A global-list item as a global_list question offers it (spec 2 §3): the label joins the values of
 * `label_field_keys` (default item ID and name), the answer those of `value_field_keys` (default the
 * item ID), both with the question's separator (default "/"); empty values are left out.
 */
export function globalListChoice(item: Item, entry: GlobalListEntry): { value: string; label: string } {
  const separator = typeof item.options.separator === 'string' && item.options.separator !== '' ? item.options.separator : '/';
  const valueOf = (key: string) =>
    key === 'item_id' ? entry.item_id : key === 'display_name' ? entry.display_name : String(entry.fields[key]?.value ?? '');
  const join = (keys: readonly string[] | undefined, fallback: readonly string[], glue: string) =>
    (keys?.length ? keys : fallback)
      .map(valueOf)
      .filter((part) => part !== '')
      .join(glue);
  return {
    value: join(item.options.value_field_keys, DEFAULT_VALUE_KEYS, separator),
    label: join(item.options.label_field_keys, DEFAULT_LABEL_KEYS, ` ${separator} `),
  };
}
