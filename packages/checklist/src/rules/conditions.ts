/**
 * Condition evaluation: one operator applied to one dependency's effective value. Pure; the
 * current time comes in as wall-clock milliseconds.
 */
import { NOT_APPLICABLE, type RuleCondition } from '../schema.ts';
import { OPERATORS_BY_KIND, RELATIVE_DATE_UNITS, type OperandKind, type RelativeDateUnit, type RuleOperator } from './constants.ts';
import { answerDate, resolveRuleDate, shiftDate } from './dates.ts';

export function operatorsFor(kind: OperandKind): readonly RuleOperator[] {
  return OPERATORS_BY_KIND[kind];
}

export function isOperatorAllowed(kind: OperandKind, operator: RuleOperator): boolean {
  return (OPERATORS_BY_KIND[kind] as readonly RuleOperator[]).includes(operator);
}

/** Null, undefined, empty text, empty list, and "not applicable" all count as no answer. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value === NOT_APPLICABLE;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && value !== NOT_APPLICABLE) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (isBlank(value)) return [];
  return [String(value)];
}

function isDuration(value: unknown): value is { amount: number; unit: RelativeDateUnit } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { amount?: unknown }).amount === 'number' &&
    (RELATIVE_DATE_UNITS as readonly string[]).includes((value as { unit?: unknown }).unit as string)
  );
}

export interface ConditionContext {
  /** Wall-clock now in milliseconds (see rules/dates.ts). */
  now: number;
  utcOffsetMinutes?: number;
}

/** Whether the rule value of a condition has the shape its operator needs (kind-aware). */
export function isConditionValueValid(kind: OperandKind, condition: Pick<RuleCondition, 'operator' | 'value'>): boolean {
  const { operator, value } = condition;
  switch (operator) {
    case 'is_null':
    case 'is_not_null':
    case 'is_empty':
    case 'is_not_empty':
    case 'exists':
    case 'not_exists':
      return true;
    case 'newer_than':
    case 'older_than':
      return isDuration(value);
    case 'between':
    case 'not_between':
      return (
        Array.isArray(value) &&
        value.length === 2 &&
        value.every((v) => (kind === 'date' ? resolveRuleDate(v, 0) !== null : asNumber(v) !== null))
      );
    case 'in':
    case 'not_in':
    case 'exact':
    case 'not_exact':
    case 'exists_in':
    case 'not_exists_in':
    case 'all_in':
    case 'all_not_in':
      return Array.isArray(value) && value.length > 0;
    default:
      if (kind === 'date') return resolveRuleDate(value, 0) !== null;
      if (kind === 'number') return asNumber(value) !== null;
      if (kind === 'boolean') return typeof value === 'boolean';
      return value !== undefined && value !== null;
  }
}

/** Evaluates one condition against a dependency's effective value. */
export function evaluateCondition(
  kind: OperandKind,
  condition: Pick<RuleCondition, 'operator' | 'value'>,
  answer: unknown,
  context: ConditionContext,
): boolean {
  const { operator, value } = condition;
  switch (operator) {
    case 'is_null':
      return isBlank(answer);
    case 'is_not_null':
      return !isBlank(answer);
    case 'is_empty':
    case 'not_exists':
      return isBlank(answer);
    case 'is_not_empty':
    case 'exists':
      return !isBlank(answer);
  }
  if (isBlank(answer)) {
    // An unanswered question matches only the negative operators.
    return (
      operator === 'not_equals' ||
      operator === 'not_in' ||
      operator === 'not_exact' ||
      operator === 'not_exists_in' ||
      operator === 'all_not_in' ||
      operator === 'not_between'
    );
  }
  if (kind === 'date') return evaluateDate(operator, value, answer, context);
  if (kind === 'number') return evaluateNumber(operator, value, answer);
  if (kind === 'boolean') {
    const bool = answer === true || answer === 'true';
    if (operator === 'equals') return bool === (value === true || value === 'true');
    if (operator === 'not_equals') return bool !== (value === true || value === 'true');
    return false;
  }
  if (kind === 'multiselect' || operator === 'in' || operator === 'not_in') return evaluateList(operator, value, answer);
  return evaluateText(operator, value, answer);
}

function evaluateText(operator: RuleOperator, value: unknown, answer: unknown): boolean {
  const a = asText(answer);
  const v = asText(value);
  const al = a.toLocaleLowerCase();
  const vl = v.toLocaleLowerCase();
  switch (operator) {
    case 'equals':
      return a === v;
    case 'not_equals':
      return a !== v;
    case 'contains':
      return al.includes(vl);
    case 'starts_with':
      return al.startsWith(vl);
    case 'ends_with':
      return al.endsWith(vl);
    default:
      return false;
  }
}

function compareOrdered(operator: RuleOperator, a: number, b: number | null, range: [number, number] | null): boolean {
  switch (operator) {
    case 'equals':
      return a === b;
    case 'not_equals':
      return a !== b;
    case 'greater':
      return b !== null && a > b;
    case 'greater_or_equal':
      return b !== null && a >= b;
    case 'lesser':
      return b !== null && a < b;
    case 'lesser_or_equal':
      return b !== null && a <= b;
    case 'between':
      return range !== null && a >= Math.min(...range) && a <= Math.max(...range);
    case 'not_between':
      return range !== null && (a < Math.min(...range) || a > Math.max(...range));
    default:
      return false;
  }
}

function evaluateNumber(operator: RuleOperator, value: unknown, answer: unknown): boolean {
  const a = asNumber(answer);
  if (a === null) return false;
  const range = Array.isArray(value) ? ([asNumber(value[0]), asNumber(value[1])] as const) : null;
  const validRange = range && range[0] !== null && range[1] !== null ? ([range[0], range[1]] as [number, number]) : null;
  return compareOrdered(operator, a, asNumber(value), validRange);
}

function evaluateDate(operator: RuleOperator, value: unknown, answer: unknown, context: ConditionContext): boolean {
  const a = answerDate(answer, context.utcOffsetMinutes);
  if (a === null) return false;
  if (operator === 'newer_than' || operator === 'older_than') {
    if (!isDuration(value)) return false;
    const limit = shiftDate(context.now, -value.amount, value.unit);
    return operator === 'newer_than' ? a > limit : a < limit;
  }
  const range = Array.isArray(value) ? ([resolveRuleDate(value[0], context.now), resolveRuleDate(value[1], context.now)] as const) : null;
  const validRange = range && range[0] !== null && range[1] !== null ? ([range[0], range[1]] as [number, number]) : null;
  return compareOrdered(operator, a, resolveRuleDate(value, context.now), validRange);
}

function evaluateList(operator: RuleOperator, value: unknown, answer: unknown): boolean {
  const selected = new Set(asList(answer));
  const list = asList(value);
  switch (operator) {
    case 'in':
      return list.some((v) => selected.has(v));
    case 'not_in':
      return !list.some((v) => selected.has(v));
    case 'equals':
      return selected.size === 1 && list.length === 1 && selected.has(list[0]);
    case 'not_equals':
      return !(selected.size === 1 && list.length === 1 && selected.has(list[0]));
    case 'exact':
      return selected.size === new Set(list).size && list.every((v) => selected.has(v));
    case 'not_exact':
      return !(selected.size === new Set(list).size && list.every((v) => selected.has(v)));
    case 'exists_in':
      return list.some((v) => selected.has(v));
    case 'not_exists_in':
      return !list.some((v) => selected.has(v));
    case 'all_in':
      return list.every((v) => selected.has(v));
    case 'all_not_in':
      return !list.every((v) => selected.has(v));
    default:
      return false;
  }
}

/** Combines a rule's condition results with its logic (`and` needs all, `or` needs one). */
export function combine(logic: 'and' | 'or', results: readonly boolean[]): boolean {
  if (results.length === 0) return false;
  return logic === 'and' ? results.every(Boolean) : results.some(Boolean);
}
