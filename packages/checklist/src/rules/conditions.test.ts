import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../schema.ts';
import { combine, evaluateCondition, isBlank, isConditionValueValid, isOperatorAllowed, operatorsFor } from './conditions.ts';
import { OPERATORS_BY_KIND, RULE_OPERATORS, type OperandKind, type RuleOperator } from './constants.ts';
import { answerDate, formatRuleDate, parseRuleDate, relativeDate, resolveRuleDate, shiftDate, wallClock } from './dates.ts';

const NOW = parseRuleDate('2026-06-15T12:00:00')!;
const ctx = { now: NOW };
const check = (kind: OperandKind, operator: RuleOperator, value: unknown, answer: unknown) =>
  evaluateCondition(kind, { operator, value }, answer, ctx);

describe('operators per type (spec 2 §5)', () => {
  it('offers the spec lists', () => {
    expect(operatorsFor('text')).toEqual(
      expect.arrayContaining(['equals', 'not_equals', 'contains', 'starts_with', 'ends_with', 'is_null', 'is_not_null']),
    );
    expect(operatorsFor('number')).toEqual([
      'equals',
      'not_equals',
      'greater',
      'greater_or_equal',
      'lesser',
      'lesser_or_equal',
      'between',
      'not_between',
      'is_null',
      'is_not_null',
    ]);
    expect(operatorsFor('date')).toEqual(expect.arrayContaining([...operatorsFor('number'), 'newer_than', 'older_than']));
    expect(operatorsFor('select')).toEqual(['equals', 'not_equals', 'in', 'not_in', 'is_null', 'is_not_null']);
    expect(operatorsFor('multiselect')).toEqual([
      'exact',
      'not_exact',
      'exists_in',
      'not_exists_in',
      'all_in',
      'all_not_in',
      'is_null',
      'is_not_null',
    ]);
    expect(operatorsFor('presence')).toEqual(expect.arrayContaining(['exists', 'not_exists', 'is_empty', 'is_not_empty']));
  });

  it('uses every operator code somewhere, all in snake case', () => {
    const used = new Set(Object.values(OPERATORS_BY_KIND).flat());
    for (const operator of RULE_OPERATORS) {
      expect(operator).toMatch(/^[a-z_]+$/);
      expect(used.has(operator), operator).toBe(true);
    }
    expect(isOperatorAllowed('select', 'contains')).toBe(false);
    expect(isOperatorAllowed('text', 'contains')).toBe(true);
  });
});

describe('text conditions', () => {
  it.each([
    ['equals', 'Pump', 'Pump', true],
    ['equals', 'Pump', 'pump', false],
    ['not_equals', 'Pump', 'Valve', true],
    ['contains', 'UMP', 'pump room', true],
    ['contains', 'x', 'pump', false],
    ['starts_with', 'pu', 'Pump', true],
    ['starts_with', 'mp', 'Pump', false],
    ['ends_with', 'MP', 'pump', true],
    ['ends_with', 'pu', 'pump', false],
    ['is_null', null, '', true],
    ['is_null', null, 'a', false],
    ['is_not_null', null, 'a', true],
    ['is_empty', null, '   ', true],
    ['is_not_empty', null, 'a', true],
  ] as const)('%s %s on %s is %s', (operator, value, answer, expected) => {
    expect(check('text', operator, value, answer)).toBe(expected);
  });

  it('matches only negative operators when unanswered', () => {
    expect(check('text', 'equals', 'a', null)).toBe(false);
    expect(check('text', 'contains', 'a', undefined)).toBe(false);
    expect(check('text', 'not_equals', 'a', null)).toBe(true);
  });
});

describe('number conditions', () => {
  it.each([
    ['equals', 5, 5, true],
    ['equals', 5, '5', true],
    ['not_equals', 5, 6, true],
    ['greater', 5, 6, true],
    ['greater', 5, 5, false],
    ['greater_or_equal', 5, 5, true],
    ['lesser', 5, 4, true],
    ['lesser', 5, 5, false],
    ['lesser_or_equal', 5, 5, true],
    ['between', [1, 10], 10, true],
    ['between', [10, 1], 1, true],
    ['between', [1, 10], 11, false],
    ['not_between', [1, 10], 11, true],
    ['not_between', [1, 10], 5, false],
    ['is_null', null, null, true],
    ['is_not_null', null, 0, true],
  ] as const)('%s %j on %j is %s', (operator, value, answer, expected) => {
    expect(check('number', operator, value, answer)).toBe(expected);
  });

  it('treats not applicable as no answer', () => {
    expect(isBlank(NOT_APPLICABLE)).toBe(true);
    expect(check('number', 'greater', 1, NOT_APPLICABLE)).toBe(false);
    expect(check('number', 'is_null', null, NOT_APPLICABLE)).toBe(true);
  });
});

describe('date conditions', () => {
  it('parses and formats YYYY-MM-DDTHH:mm:ss only', () => {
    expect(formatRuleDate(parseRuleDate('2026-02-28T23:59:59')!)).toBe('2026-02-28T23:59:59');
    expect(parseRuleDate('2026-02-30T00:00:00')).toBeNull();
    expect(parseRuleDate('2026-02-01 00:00:00')).toBeNull();
    expect(parseRuleDate('2026-02-01T24:00:00')).toBeNull();
    expect(parseRuleDate('2026-02-01')).toBeNull();
  });

  it('reads answers as wall-clock dates', () => {
    expect(answerDate('2026-06-15T12:00:00')).toBe(NOW);
    expect(answerDate('2026-06-15')).toBe(parseRuleDate('2026-06-15T00:00:00'));
    expect(answerDate('2026-06-15T10:00:00Z', 120)).toBe(NOW);
    expect(answerDate('nonsense')).toBeNull();
    expect(answerDate(5)).toBeNull();
  });

  it('offers the current-date and relative-date functions', () => {
    expect(resolveRuleDate({ fn: 'current_date' }, NOW)).toBe(NOW);
    expect(formatRuleDate(resolveRuleDate({ fn: 'relative_date', amount: -1, unit: 'day' }, NOW)!)).toBe('2026-06-14T12:00:00');
    expect(formatRuleDate(relativeDate(NOW, 1, 'month'))).toBe('2026-07-15T12:00:00');
    expect(formatRuleDate(shiftDate(NOW, 2, 'hour'))).toBe('2026-06-15T14:00:00');
    expect(formatRuleDate(shiftDate(NOW, 1, 'week'))).toBe('2026-06-22T12:00:00');
    expect(formatRuleDate(shiftDate(NOW, 30, 'minute'))).toBe('2026-06-15T12:30:00');
    expect(formatRuleDate(shiftDate(NOW, -1, 'year'))).toBe('2025-06-15T12:00:00');
    expect(wallClock(new Date(Date.UTC(2026, 5, 15, 10)), 120)).toBe(NOW);
    expect(resolveRuleDate('bad', NOW)).toBeNull();
    expect(resolveRuleDate({ fn: 'other' }, NOW)).toBeNull();
  });

  it.each([
    ['equals', '2026-06-15T12:00:00', '2026-06-15T12:00:00', true],
    ['not_equals', '2026-06-15T12:00:00', '2026-06-15T12:00:01', true],
    ['greater', { fn: 'current_date' }, '2026-06-16T00:00:00', true],
    ['greater_or_equal', { fn: 'current_date' }, '2026-06-15T12:00:00', true],
    ['lesser', { fn: 'relative_date', amount: -2, unit: 'day' }, '2026-06-12T00:00:00', true],
    ['lesser_or_equal', '2026-06-01T00:00:00', '2026-06-02T00:00:00', false],
    ['between', ['2026-06-01T00:00:00', { fn: 'current_date' }], '2026-06-10T00:00:00', true],
    ['not_between', ['2026-06-01T00:00:00', '2026-06-05T00:00:00'], '2026-06-10T00:00:00', true],
    ['newer_than', { amount: 7, unit: 'day' }, '2026-06-10T00:00:00', true],
    ['newer_than', { amount: 7, unit: 'day' }, '2026-06-01T00:00:00', false],
    ['older_than', { amount: 1, unit: 'month' }, '2026-05-01T00:00:00', true],
    ['older_than', { amount: 1, unit: 'month' }, '2026-06-01T00:00:00', false],
    ['is_null', null, '', true],
  ] as const)('%s %j on %s is %s', (operator, value, answer, expected) => {
    expect(check('date', operator, value, answer)).toBe(expected);
  });
});

describe('select and multiselect conditions', () => {
  it.each([
    ['select', 'equals', 'yes', 'yes', true],
    ['select', 'equals', 'yes', 'no', false],
    ['select', 'not_equals', 'yes', 'no', true],
    ['select', 'in', ['a', 'b'], 'b', true],
    ['select', 'in', ['a', 'b'], 'c', false],
    ['select', 'not_in', ['a', 'b'], 'c', true],
    ['select', 'is_null', null, null, true],
    ['select', 'is_not_null', null, 'a', true],
    ['multiselect', 'exact', ['a', 'b'], ['b', 'a'], true],
    ['multiselect', 'exact', ['a', 'b'], ['a'], false],
    ['multiselect', 'not_exact', ['a', 'b'], ['a'], true],
    ['multiselect', 'exists_in', ['a', 'x'], ['a', 'b'], true],
    ['multiselect', 'exists_in', ['x'], ['a', 'b'], false],
    ['multiselect', 'not_exists_in', ['x'], ['a', 'b'], true],
    ['multiselect', 'all_in', ['a', 'b'], ['a', 'b', 'c'], true],
    ['multiselect', 'all_in', ['a', 'x'], ['a', 'b'], false],
    ['multiselect', 'all_not_in', ['a', 'x'], ['a', 'b'], true],
    ['multiselect', 'is_null', null, [], true],
    ['multiselect', 'is_not_null', null, ['a'], true],
  ] as const)('%s %s %j on %j is %s', (kind, operator, value, answer, expected) => {
    expect(check(kind, operator, value, answer)).toBe(expected);
  });
});

describe('boolean and presence conditions', () => {
  it.each([
    ['boolean', 'equals', true, true, true],
    ['boolean', 'equals', false, true, false],
    ['boolean', 'not_equals', false, true, true],
    ['presence', 'exists', null, [{ id: 1 }], true],
    ['presence', 'exists', null, [], false],
    ['presence', 'not_exists', null, null, true],
    ['presence', 'is_empty', null, '', true],
    ['presence', 'is_not_empty', null, 'signed', true],
  ] as const)('%s %s on %j is %s', (kind, operator, value, answer, expected) => {
    expect(check(kind, operator, value, answer)).toBe(expected);
  });
});

describe('condition values', () => {
  it.each([
    ['number', 'greater', 5, true],
    ['number', 'greater', 'x', false],
    ['number', 'between', [1, 2], true],
    ['number', 'between', [1], false],
    ['date', 'equals', '2026-01-01T00:00:00', true],
    ['date', 'equals', '2026-01-01', false],
    ['date', 'between', ['2026-01-01T00:00:00', { fn: 'current_date' }], true],
    ['date', 'newer_than', { amount: 3, unit: 'day' }, true],
    ['date', 'newer_than', { amount: 3, unit: 'fortnight' }, false],
    ['select', 'in', [], false],
    ['select', 'equals', 'a', true],
    ['select', 'equals', null, false],
    ['boolean', 'equals', true, true],
    ['boolean', 'equals', 'yes', false],
    ['text', 'is_null', undefined, true],
  ] as const)('%s %s %j valid: %s', (kind, operator, value, expected) => {
    expect(isConditionValueValid(kind, { operator, value })).toBe(expected);
  });

  it('combines with and / or', () => {
    expect(combine('and', [true, true])).toBe(true);
    expect(combine('and', [true, false])).toBe(false);
    expect(combine('or', [false, true])).toBe(true);
    expect(combine('or', [])).toBe(false);
  });
});
