import type { Language } from '@vigil/contracts';
import { ar, de, fr } from './message-catalogues.ts';

/**
 * Every message the checklist domain can give, keyed by a stable code. The web and the server
 * translate by code (i18n key `checklist:messages.<CODE>`); the English text here is the default
 * and names its `{placeholders}`. Texts marked "spec" are spec 2 §5 wording, kept verbatim.
 */
export const CHECKLIST_MESSAGES = {
  // spec 2 §5 "Other messages"
  CKL_FIELD_REQUIRED: 'Field is required',
  CKL_MORE_THAN: 'Must be more than {min}',
  CKL_LESS_THAN: 'Must be less than {max}',
  CKL_BETWEEN: 'Must be between [{min} - {max}]',
  CKL_LENGTH_BETWEEN: 'Length must be between [{min} - {max}]',
  CKL_EQUATION_INVALID: 'Equation is invalid',
  CKL_EQUATION_INVALID_AT: 'Equation is invalid at character {position}',
  CKL_VARIABLE_UNKNOWN: 'Variable {var} unknown',
  CKL_PLAIN_NUMBER: 'Only a plain number is allowed',
  CKL_DECIMAL_DIGITS: 'Only {num} digits after the decimal point are allowed',
  CKL_GLOBAL_RESPONSE_DELETED: 'Selected global response was deleted',
  CKL_DUPLICATE_ROW: 'Duplicate row in the file',
  CKL_RECORD_NO_KEY: 'Record has no key',
  CKL_KEY_NOT_FOUND: 'Key not found in the template',
  CKL_INVALID_URL: 'Invalid URL',
  CKL_GLOBAL_LIST_NO_POINTS: 'Current global list has no points field',
  CKL_NO_PARENT_ITEM: 'No parent item',
  CKL_ITEM_DUPLICATED_IN_PAGE: 'Item cannot be duplicated in the page',
  CKL_ITEM_NOT_ALLOWED_IN_PAGE: 'Item not allowed in the page',
  CKL_TYPE_NOT_SUPPORTED: 'Type not supported',
  CKL_LIST_NEEDS_OPTIONS: 'List questions need more than one option',
  // spec 2 §5 nesting, verbatim
  CKL_NESTING_NOT_ALLOWED:
    "A section with 'Grouped options' or 'Repeatable' is not allowed to its descendants or ancestors containing 'Grouped options' or 'Repeatable'.",
  // spec 2 §5 rules
  CKL_RULE_SET_NO_RULES: 'A rule set needs at least one rule',
  CKL_RULE_NO_ACTIONS: 'Actions must not be empty',
  CKL_RULE_NO_CONDITIONS: 'A rule needs at least one condition',
  CKL_RULE_VISIBILITY_IN_CONDITION: 'Visibility cannot be changed on an item used inside a logical condition',
  CKL_RULE_DEPENDENCY_NOT_EARLIER: 'Dependencies may only refer to earlier questions',
  CKL_RULE_OPERATOR_NOT_ALLOWED: 'Operator {operator} cannot be used on a {type} question',
  CKL_RULE_ACTION_NOT_ALLOWED: 'Action {action} cannot be used on a {type} item',
  CKL_RULE_DATE_INVALID: 'Dates must be written as YYYY-MM-DDTHH:mm:ss',
  CKL_RULE_VALUE_INVALID: 'The rule value is not valid for operator {operator}',
  CKL_RULES_NOT_SUPPORTED: 'This item type does not support rules',
  CKL_RULE_SET_NOT_FOUND: 'The rule set of this item does not exist',
  CKL_REFERENCE_MISSING: 'The referenced item {item} does not exist',
  CKL_REFERENCE_IN_REPEATABLE: 'An item outside a repeatable cannot refer to an item inside one',
  CKL_CALCULATION_NOT_NUMERIC: 'Variable {var} is not a numeric question',
  CKL_CALCULATION_CYCLE: 'The calculation refers to itself',
  // spec 2 §4 and §8 structure
  CKL_MOVE_ACROSS_FIXED_PAGE: 'Items cannot be moved across the start or end page',
  CKL_MOVE_DEPENDENCY_CONFLICT:
    'This move would place an item before an item it depends on, or after an item that depends on it. Remove the link first.',
  CKL_DELETE_HAS_LINKS: 'Other items are linked to this item through calculations, document ids or rules',
  CKL_PAGE_ALREADY_EXISTS: 'The template already has a {type}',
  CKL_PAGE_FIXED: 'The start, end and hidden pages keep their places',
  CKL_REPEATABLE_NOT_ALLOWED: 'This item type cannot be repeatable',
  CKL_ITEM_NOT_FOUND: 'Item {item} not found',
  CKL_INVALID_TARGET: 'Items cannot be placed there',
  CKL_PASTE_RULES_DROPPED: 'The rules of {count} pasted items had errors and were removed',
  CKL_PASTE_CALCULATION_ERRORS: 'The calculations of {count} pasted items have errors',
  CKL_DEPRECATED_TYPE: 'This question type is deprecated; use Fix to replace it with {replacement}',
  CKL_START_PAGE_NOT_FIRST: 'The start page must be the first page',
  CKL_END_PAGE_NOT_LAST: 'The end page must be the last page',
  CKL_HIDDEN_PAGE_MISSING: 'The hidden page with the inspection real start and end dates is missing',
  CKL_STRUCTURE_INVALID: 'Item {item} has an inconsistent parent or depth',
  CKL_DUPLICATE_ID: 'Item id {item} is used more than once',
  CKL_OPTION_INVALID: 'Option {option} is not valid',
  CKL_TOO_MANY: 'At most {max} entries are allowed',
  CKL_TOO_LONG: 'At most {max} characters are allowed',
  CKL_CUSTOM_UNIT_NOT_FOUND: 'The custom unit of this item does not exist',
  CKL_RESPONSE_SET_NOT_FOUND: 'The response set of this item does not exist',
  // inspections: answers the server refuses (docs/inspections.md)
  CKL_ANSWER_INVALID: 'This answer does not fit this question',
  CKL_ANSWER_UNKNOWN_CHOICE: 'This question does not offer that choice',
  CKL_ANSWER_NOT_ANSWERABLE: 'This item is not answered by the inspector',
  CKL_ANSWER_LOCATION_INVALID: 'Give both coordinates or an address',
  CKL_ANSWER_HIDDEN: 'This question is hidden',
  CKL_ANSWER_DISABLED: 'This question cannot be changed now',
} as const;

export type ChecklistMessageCode = keyof typeof CHECKLIST_MESSAGES;

/**
 * Messages this package defines for the server to give, because they need data it does not have:
 * the CSV/Excel import (rows, keys) and the global lists' fields.
 */
export const SERVER_MESSAGE_CODES = [
  'CKL_DUPLICATE_ROW',
  'CKL_RECORD_NO_KEY',
  'CKL_KEY_NOT_FOUND',
  'CKL_GLOBAL_LIST_NO_POINTS',
  'CKL_TYPE_NOT_SUPPORTED',
] as const satisfies readonly ChecklistMessageCode[];

type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** The placeholders a message needs, e.g. `{ min: number }` for CKL_MORE_THAN. */
export type MessageParams<C extends ChecklistMessageCode> = {
  [K in Placeholders<(typeof CHECKLIST_MESSAGES)[C]>]: string | number;
};

/** The i18n key under which the web and the server translate a message. */
export function messageKey(code: ChecklistMessageCode): string {
  return `checklist:messages.${code}`;
}

/** Every message in the four languages; the web registers them as its `checklist` namespace. */
export const CHECKLIST_MESSAGE_CATALOGUES: Record<Language, Record<ChecklistMessageCode, string>> = { en: CHECKLIST_MESSAGES, fr, de, ar };

/** A message in `language` (English by default) with its `{placeholders}` filled in. */
export function formatMessage(code: ChecklistMessageCode, params: Record<string, string | number> = {}, language: Language = 'en'): string {
  return CHECKLIST_MESSAGE_CATALOGUES[language][code].replace(/\{([a-z_]+)\}/gi, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The i18next resource of the `checklist` namespace in one language: `messages.<CODE>` with `{{placeholders}}`. */
export function checklistI18nBundle(language: Language): { messages: Record<ChecklistMessageCode, string> } {
  const messages = Object.fromEntries(
    Object.entries(CHECKLIST_MESSAGE_CATALOGUES[language]).map(([code, text]) => [code, text.replace(/\{([a-z_]+)\}/gi, '{{$1}}')]),
  );
  return { messages: messages as Record<ChecklistMessageCode, string> };
}

/** A refusal: nothing changed, and here is why. */
export interface Refusal {
  ok: false;
  code: ChecklistMessageCode;
  message: string;
  params: Record<string, string | number>;
  data?: unknown;
}

export interface Success<T> {
  ok: true;
  value: T;
  warnings: Warning[];
}

export interface Warning {
  code: ChecklistMessageCode;
  message: string;
  params: Record<string, string | number>;
  data?: unknown;
}

export type Result<T> = Success<T> | Refusal;

export function refuse(code: ChecklistMessageCode, params: Record<string, string | number> = {}, data?: unknown): Refusal {
  const refusal: Refusal = { ok: false, code, message: formatMessage(code, params), params };
  if (data !== undefined) refusal.data = data;
  return refusal;
}

export function warning(code: ChecklistMessageCode, params: Record<string, string | number> = {}, data?: unknown): Warning {
  const w: Warning = { code, message: formatMessage(code, params), params };
  if (data !== undefined) w.data = data;
  return w;
}

export function succeed<T>(value: T, warnings: Warning[] = []): Success<T> {
  return { ok: true, value, warnings };
}
