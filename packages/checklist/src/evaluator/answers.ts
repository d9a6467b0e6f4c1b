/**
 * Answers on the inspection side: the answers an inspection starts with (default values), and the
 * checks of one answer against its item and its evaluated state (spec 2 §5 messages).
 */
import { checkNumberBounds, checkNumberText, checkTextLength, isValidUrl, numberBounds } from '../calculations/numbers.ts';
import { formatMessage, type ChecklistMessageCode } from '../messages.ts';
import { isBlank } from '../rules/conditions.ts';
import { formatRuleDate, wallClock } from '../rules/dates.ts';
import { NOT_APPLICABLE, type Answer, type Answers, type Item, type TemplateDocument } from '../schema.ts';
import type { ItemState } from './evaluator.ts';

/**
 * The answers a new inspection starts with: each item's default value (a date set to "current"
 * becomes now, as YYYY-MM-DDTHH:mm:ss). Constants and calculations are computed, not answered;
 * the inspection real end date is set when the inspection is finished.
 */
export function initialAnswers(doc: TemplateDocument, now: Date, utcOffsetMinutes = 0): Answers {
  const answers: Answers = {};
  for (const item of doc.items) {
    if (item.depth === 0 || item.type === 'constant' || item.type === 'calculation' || item.type === 'inspection_real_end_date') continue;
    const value = item.options.default_value;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      if ((value as { type?: unknown }).type === 'current') answers[item.id] = { value: formatRuleDate(wallClock(now, utcOffsetMinutes)) };
      continue;
    }
    if (item.type === 'checkbox' && value !== true) continue;
    answers[item.id] = { value };
  }
  return answers;
}

export interface AnswerProblem {
  field: 'value' | 'media' | 'note';
  code: ChecklistMessageCode;
  message: string;
  params: Record<string, string | number>;
}

function problem(field: AnswerProblem['field'], code: ChecklistMessageCode, params: Record<string, string | number> = {}): AnswerProblem {
  return { field, code, message: formatMessage(code, params), params };
}

/**
 * Checks one answer against its item and evaluated state: required (unless hidden), media and note
 * required by option or rule, number format and bounds, text length, URL.
 */
export function checkAnswer(item: Item, state: ItemState | undefined, answer: Answer | undefined): AnswerProblem[] {
  if (state && !state.visible) return [];
  const problems: AnswerProblem[] = [];
  const value = answer?.value;
  const required = state ? state.required : item.options.required === true;
  if (required && isBlank(value) && value !== NOT_APPLICABLE) problems.push(problem('value', 'CKL_FIELD_REQUIRED'));
  if ((state ? state.require_media : item.options.require_media === true) && (answer?.media?.length ?? 0) === 0) {
    problems.push(problem('media', 'CKL_FIELD_REQUIRED'));
  }
  if ((state ? state.require_note : item.options.require_note === true) && !answer?.note?.trim()) {
    problems.push(problem('note', 'CKL_FIELD_REQUIRED'));
  }
  if (isBlank(value)) return problems;
  switch (item.type) {
    case 'number':
    case 'slider': {
      const text = checkNumberText(String(value), item.options.decimal);
      if (!text.ok) problems.push(problem('value', text.code, text.params));
      else {
        const bounds = checkNumberBounds(text.value, numberBounds(item));
        if (!bounds.ok) problems.push(problem('value', bounds.code, bounds.params));
      }
      break;
    }
    case 'textAnswer': {
      const length = checkTextLength(String(value), item);
      if (!length.ok) problems.push(problem('value', length.code, length.params));
      break;
    }
    case 'url':
      if (!isValidUrl(String(value))) problems.push(problem('value', 'CKL_INVALID_URL'));
      break;
  }
  return problems;
}

/**
 * Whether an answer counts as failed (an inspection's failed items): it is shown, answered and
 * scored, and earns nothing of the points it could earn, such as "No" on a yes/no question or
 * "Not OK". A question without points is never failed.
 */
export function isFailed(state: ItemState): boolean {
  return state.visible && state.answered && state.max_score !== null && state.max_score > 0 && state.score !== null && state.score <= 0;
}
