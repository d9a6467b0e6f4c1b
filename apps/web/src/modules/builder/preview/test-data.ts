import {
  checkNumberBounds,
  checkNumberText,
  formatRuleDate,
  numberBounds,
  parseAnswerKey,
  toNumber,
  type Answer,
  type Evaluator,
  type Item,
  type TemplateDocument,
} from '@vigil/checklist';
import {
  choicesToAnswer,
  DATE_TYPES,
  dateShapeOf,
  fitToShape,
  sliderRange,
  TEXT_TYPES,
} from '../../../components/checklist-renderer/index.ts';

/**
 * Test data for the preview: a valid answer for every question the inspector sees, derived from the
 * document alone (the same template always gets the same answers; only dates follow the clock).
 */

const DAY_MS = 86_400_000;
/** Operators whose condition holds when the question's answer is one of the condition's values. */
const MATCHING_OPERATORS = new Set(['equals', 'in', 'exact', 'exists_in', 'all_in']);

/** FNV-1a: a stable 32-bit number per item, so each question gets its own but always the same value. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));
const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

/** The question's own title, repeated up to its minimum length and cut at its maximum. */
function textValue(item: Item): string {
  const base = item.title.trim() || item.type;
  const min = toNumber(item.options.min_length) ?? 0;
  const max = toNumber(item.options.max_length);
  let text = base;
  while (text.length < min) text += ` ${base}`;
  return max !== null && max > 0 ? text.slice(0, max) : text;
}

/** A number inside the bounds the answer is checked against, with no more decimals than allowed. */
function numberValue(item: Item, hash: number): number {
  const { min, max } = numberBounds(item);
  const digits = typeof item.options.decimal === 'number' ? item.options.decimal : 0;
  const low = min ?? 0;
  const high = max !== null && max >= low ? max : low + 100;
  const unit = 10 ** -digits;
  let value = roundTo(low + ((hash % 1001) / 1000) * (high - low), digits);
  if (value < low) value = roundTo(value + unit, digits);
  if (value > high) value = roundTo(value - unit, digits);
  const text = checkNumberText(String(value), item.options.decimal);
  // A range narrower than the decimals allow has no valid answer: the lower bound shows the problem.
  return text.ok && checkNumberBounds(text.value, { min, max }).ok ? value : low;
}

/** A slider position on one of its steps. */
function sliderValue(item: Item, hash: number): number {
  const { min, max, step } = sliderRange(item);
  const positions = Math.floor((max - min) / step + 1e-9) + 1;
  return roundTo(min + (hash % positions) * step, Math.max(decimalsOf(step), decimalsOf(min)));
}

/**
 * A date the question accepts: today (wall clock), or 1-28 days later or earlier when it takes only
 * future or only prior dates. A time alone is answered on today's date, as the preview does.
 */
function dateValue(item: Item, hash: number, wallNow: number): string {
  const future = item.options.future_date === true;
  const prior = item.options.prior_date === true;
  const days = 1 + (hash % 28);
  const shape = dateShapeOf(item);
  const timeOnly = shape === 'time' || shape === 'day_time';
  const shift = timeOnly || future === prior ? 0 : future ? days : -days;
  return fitToShape(formatRuleDate(wallNow + shift * DAY_MS), shape);
}

/** The option values conditions of the document compare this question with, in document order. */
function matchedValues(document: TemplateDocument, itemId: string): string[][] {
  const values: string[][] = [];
  for (const set of document.rule_sets) {
    for (const rule of set.rules) {
      for (const condition of rule.conditions) {
        if (condition.item_id !== itemId || !MATCHING_OPERATORS.has(condition.operator)) continue;
        const list = (Array.isArray(condition.value) ? condition.value : [condition.value]).filter(
          (value): value is string => typeof value === 'string',
        );
        if (list.length > 0) values.push(list);
      }
    }
  }
  return values;
}

/**
 * A choice: the option a rule's condition waits for, when one does (so the rule acts at once), else
 * one picked by the item's hash. Several options for a multiple selection; never N/A.
 */
function choiceValue(document: TemplateDocument, item: Item, hash: number): string | string[] | undefined {
  const options = choicesToAnswer(document, item).map((choice) => choice.uuid);
  if (options.length === 0) return undefined;
  const wanted = matchedValues(document, item.id).find((list) => list.every((value) => options.includes(value)));
  const multiple = item.options.multiple_selection === true;
  if (wanted) return multiple ? wanted : wanted[0];
  if (!multiple) return options[hash % options.length];
  const picked = options.filter((_, index) => (hash >>> index) & 1);
  return picked.length > 0 ? picked : [options[hash % options.length]];
}

/**
 * The test answer of one question, or undefined for what the preview cannot answer (media,
 * signatures, people, outputs, instructions...). `wallNow` is the inspector's wall-clock time in ms.
 */
export function testValue(document: TemplateDocument, item: Item, wallNow: number): unknown {
  const hash = hashOf(item.id);
  if (item.type === 'url') return `https://example.com/${encodeURIComponent(item.id)}`;
  if (item.type === 'barcode') return String(hash).padStart(10, '0');
  if (TEXT_TYPES.has(item.type) || item.type === 'longText') return textValue(item);
  if (item.type === 'number') return numberValue(item, hash);
  if (item.type === 'slider') return sliderValue(item, hash);
  if (DATE_TYPES.has(item.type)) return dateValue(item, hash, wallNow);
  if (item.type === 'checkbox' || item.type === 'acknowledgment') return true;
  return choiceValue(document, item, hash);
}

export interface FillOptions {
  /** The answer key the preview uses for an item (its first repeat instance). */
  keyOf: (itemId: string) => string;
  /** Whether the tester (or a default) already answered this key: such answers are kept. */
  isAnswered: (key: string) => boolean;
  wallNow: number;
}

/**
 * Answers every visible, enabled, unanswered question with its test value, in document order, through
 * the evaluator: a question a rule reveals on an earlier answer is visible by the time it is reached,
 * so it is filled too. Passes repeat until one fills nothing. Answers what it set, by key.
 */
export function fillTestAnswers(document: TemplateDocument, evaluator: Evaluator, options: FillOptions): Map<string, Answer> {
  const filled = new Map<string, Answer>();
  for (let pass = 0; pass < 10; pass++) {
    const before = filled.size;
    for (const item of document.items) {
      if (item.depth === 0) continue;
      const key = options.keyOf(item.id);
      if (filled.has(key) || options.isAnswered(key)) continue;
      const { itemId, instanceId } = parseAnswerKey(key);
      const state = evaluator.get(itemId, instanceId);
      if (!state?.visible || !state.enabled) continue;
      const value = testValue(document, item, options.wallNow);
      if (value === undefined) continue;
      const answer: Answer = { value };
      evaluator.update(key, answer);
      filled.set(key, answer);
    }
    if (filled.size === before) break;
  }
  return filled;
}
