/**
 * How large a template document may grow (docs/input-limits.md). The spec sets none of these; they sit
 * well above what the builder produces (the 5,000-question bench fixture is half of TEMPLATE_ITEMS_MAX),
 * so only a broken or hostile client meets them. The schema checks every collection's length before
 * its entries, so an oversized one costs nothing to refuse.
 */
import { z } from 'zod';

/** Items (pages, sections, questions) of one template. */
export const TEMPLATE_ITEMS_MAX = 10_000;
/** Response sets, info blocks, image markers, grouped items, global items and response sets of a template. */
export const TEMPLATE_PARTS_MAX = 5_000;
/** Rule sets of a template (at most one per item) and the items one rule set reads or changes. */
export const RULE_SETS_MAX = TEMPLATE_ITEMS_MAX;
/** Rules of a rule set, and conditions and actions of a rule. */
export const RULES_PER_SET_MAX = 100;
export const RULE_CONDITIONS_MAX = 100;
export const RULE_ACTIONS_MAX = 100;
/** Options of one response set. */
export const RESPONSE_OPTIONS_MAX = 1_000;
/** Entries of one part or option list: an info block's entries, a marker's or grouped item's items, units, categories, keys. */
export const PART_ENTRIES_MAX = 1_000;
/** Translation languages of a template, and records of one translation (one per translatable text). */
export const TRANSLATIONS_MAX = 10;
export const TRANSLATION_RECORDS_MAX = 50_000;
/** The rating scale has five levels. */
export const RATINGS_MAX = 5;
/** Custom units of a template. */
export const CUSTOM_UNITS_MAX = 1_000;

/** Ids and references inside the document (item ids, uuids, keys). */
export const DOCUMENT_ID_MAX = 100;
/** A label, name, colour, format or other one-line setting. */
export const DOCUMENT_NAME_MAX = 255;
/** Titles, descriptions, labels of response options. */
export const DOCUMENT_TEXT_MAX = 2_000;
/** One translated text (as the translation calls accept it). */
export const DOCUMENT_TRANSLATION_MAX = 10_000;
/** A calculation's formula. */
export const FORMULA_MAX = 10_000;

/** A string of at most `max` characters. */
export const text = (max: number) => z.string().max(max);

/**
 * A record of at most `max` keys, counted before any value is checked (Zod checks the length of
 * arrays first, but has no such bound for records).
 */
export function boundedRecord<V extends z.ZodType>(value: V, max: number) {
  return z
    .custom<Record<string, unknown>>((input) => typeof input !== 'object' || input === null || Object.keys(input).length <= max, {
      error: 'validation.too_big',
      params: { maximum: max },
    })
    .pipe(z.record(text(DOCUMENT_ID_MAX), value));
}
