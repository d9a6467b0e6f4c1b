import { describe, expect, it } from 'vitest';
import { buildContext } from '../context.ts';
import { buildDocument } from '../fixtures/build.ts';
import { removeRuleSet, setRuleSet } from '../operations/rule-sets.ts';
import type { Rule, RuleAction, RuleCondition, RuleSet } from '../schema.ts';
import { normalizeRuleSet, validateRuleSet } from './validate.ts';

const doc = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'text', type: 'textAnswer' },
      { id: 'num', type: 'number' },
      { id: 'yes', type: 'yesno' },
      { id: 'info', type: 'instruction' },
      { id: 'later', type: 'textAnswer' },
      {
        id: 'rep',
        type: 'section',
        options: { repeatable: true },
        children: [
          { id: 'in1', type: 'number' },
          { id: 'in2', type: 'textAnswer' },
        ],
      },
      { id: 'after', type: 'number' },
    ],
  },
]);

function ruleSet(conditions: RuleCondition[], actions: RuleAction[], extra: Partial<Rule> = {}): RuleSet {
  return {
    uuid: 'rs',
    has_visibility: false,
    related_items: [],
    action_items: [],
    rules: [{ uuid: 'r1', logic: 'and', conditions, actions, ...extra }],
  };
}

const codes = (set: RuleSet) => validateRuleSet(buildContext(doc), set, 'rule_sets.0').map((entry) => entry.code);

describe('rule set validation (spec 2 §5)', () => {
  it('accepts a valid rule set', () => {
    expect(
      codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], [{ type: 'set_hidden', item_id: 'later', value: true }])),
    ).toEqual([]);
  });

  it('needs at least one rule', () => {
    expect(codes({ uuid: 'rs', has_visibility: false, related_items: [], action_items: [], rules: [] })).toEqual(['CKL_RULE_SET_NO_RULES']);
  });

  it('needs non-empty actions and conditions', () => {
    expect(codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], []))).toEqual(['CKL_RULE_NO_ACTIONS']);
    expect(codes(ruleSet([], [{ type: 'required', item_id: 'later' }]))).toEqual(['CKL_RULE_NO_CONDITIONS']);
  });

  it('refuses operators that do not fit the dependency type', () => {
    expect(codes(ruleSet([{ item_id: 'num', operator: 'contains', value: 'x' }], [{ type: 'required', item_id: 'later' }]))).toEqual([
      'CKL_RULE_OPERATOR_NOT_ALLOWED',
    ]);
    expect(codes(ruleSet([{ item_id: 'info', operator: 'equals', value: 'x' }], [{ type: 'required', item_id: 'later' }]))).toEqual([
      'CKL_RULE_OPERATOR_NOT_ALLOWED',
    ]);
  });

  it('refuses values of the wrong shape, and dates not in YYYY-MM-DDTHH:mm:ss', () => {
    expect(codes(ruleSet([{ item_id: 'num', operator: 'between', value: [1] }], [{ type: 'required', item_id: 'later' }]))).toEqual([
      'CKL_RULE_VALUE_INVALID',
    ]);
    const withDate = buildDocument([
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'd', type: 'datetime' },
          { id: 't', type: 'textAnswer' },
        ],
      },
    ]);
    const set = ruleSet([{ item_id: 'd', operator: 'greater', value: '2026-01-01 10:00' }], [{ type: 'required', item_id: 't' }]);
    expect(validateRuleSet(buildContext(withDate), set, 'x').map((entry) => entry.code)).toEqual(['CKL_RULE_DATE_INVALID']);
  });

  it('refuses actions the target type does not take', () => {
    expect(codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], [{ type: 'set_value', item_id: 'info', value: 1 }]))).toEqual(
      ['CKL_RULE_ACTION_NOT_ALLOWED'],
    );
  });

  it('needs a custom color for set_color custom', () => {
    expect(
      codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], [{ type: 'set_color', item_id: 'later', color: 'custom' }])),
    ).toEqual(['CKL_FIELD_REQUIRED']);
  });

  it('refuses references to missing items', () => {
    expect(codes(ruleSet([{ item_id: 'gone', operator: 'equals', value: 'x' }], [{ type: 'required', item_id: 'nope' }]))).toEqual([
      'CKL_REFERENCE_MISSING',
      'CKL_REFERENCE_MISSING',
    ]);
  });

  it('lets dependencies refer only to earlier questions', () => {
    expect(
      codes(ruleSet([{ item_id: 'later', operator: 'equals', value: 'x' }], [{ type: 'set_hidden', item_id: 'num', value: true }])),
    ).toEqual(['CKL_RULE_DEPENDENCY_NOT_EARLIER']);
    // set_value on the dependency itself would feed back into its own condition.
    expect(codes(ruleSet([{ item_id: 'num', operator: 'equals', value: 1 }], [{ type: 'set_value', item_id: 'num', value: 2 }]))).toEqual([
      'CKL_RULE_DEPENDENCY_NOT_EARLIER',
    ]);
    // A color on the question itself is fine.
    expect(
      codes(ruleSet([{ item_id: 'yes', operator: 'equals', value: 'no' }], [{ type: 'set_color', item_id: 'yes', color: 'red' }])),
    ).toEqual([]);
  });

  it('never changes visibility of an item used inside the logical condition', () => {
    expect(
      codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 1 }], [{ type: 'set_hidden', item_id: 'num', value: true }])),
    ).toEqual(['CKL_RULE_VISIBILITY_IN_CONDITION']);
  });

  it('keeps items outside a repeatable from reading items inside it', () => {
    expect(codes(ruleSet([{ item_id: 'in1', operator: 'greater', value: 1 }], [{ type: 'required', item_id: 'after' }]))).toEqual([
      'CKL_REFERENCE_IN_REPEATABLE',
    ]);
    expect(codes(ruleSet([{ item_id: 'in1', operator: 'greater', value: 1 }], [{ type: 'required', item_id: 'in2' }]))).toEqual([]);
    expect(codes(ruleSet([{ item_id: 'num', operator: 'greater', value: 1 }], [{ type: 'required', item_id: 'in2' }]))).toEqual([]);
  });

  it('gives paths to each problem', () => {
    const [entry] = validateRuleSet(
      buildContext(doc),
      ruleSet([{ item_id: 'num', operator: 'contains', value: 'x' }], [{ type: 'required', item_id: 'later' }]),
      'rule_sets.4',
    );
    expect(entry).toMatchObject({ path: 'rule_sets.4.rules.0.conditions.0.operator', rule_set_id: 'rs', severity: 'error' });
    expect(entry.message).toBe('Operator contains cannot be used on a number question');
  });

  it('derives related items, action items and has_visibility', () => {
    const set = normalizeRuleSet(
      ruleSet(
        [
          { item_id: 'num', operator: 'greater', value: 1 },
          { item_id: 'text', operator: 'is_not_null' },
        ],
        [
          { type: 'set_hidden', item_id: 'later', value: true },
          { type: 'required', item_id: 'later' },
        ],
      ),
    );
    expect(set).toMatchObject({ related_items: ['num', 'text'], action_items: ['later'], has_visibility: true });
  });
});

describe('setRuleSet and removeRuleSet', () => {
  const valid = ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], [{ type: 'required', item_id: 'later' }]);

  it('attaches a valid rule set to its item, with derived fields and relations', () => {
    const result = setRuleSet(doc, 'num', valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.items.find((item) => item.id === 'num')!.options.rule_set_id).toBe('rs');
    expect(result.value.rule_sets[0]).toMatchObject({ related_items: ['num'], action_items: ['later'] });
    expect(result.value.relations.later.inside).toEqual([
      { item_id: 'num', calculation: false, document_id: false, rule_set_behaviour: 'inside' },
    ]);
    expect(result.value.relations.num.outside[0]).toMatchObject({ item_id: 'later', rule_set_behaviour: 'outside' });

    const removed = removeRuleSet(result.value, 'num');
    expect(removed.ok && removed.value.rule_sets).toEqual([]);
    expect(removed.ok && removed.value.items.find((item) => item.id === 'num')!.options.rule_set_id).toBe('');
  });

  it('refuses a rule set on a type that takes no rules', () => {
    expect(setRuleSet(doc, 'info', valid)).toMatchObject({ ok: false, code: 'CKL_RULES_NOT_SUPPORTED' });
    expect(setRuleSet(doc, 'nope', valid)).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });

  it('refuses an invalid rule set with the spec message and every issue', () => {
    const result = setRuleSet(doc, 'num', { ...valid, rules: [] });
    expect(result).toMatchObject({ ok: false, code: 'CKL_RULE_SET_NO_RULES', message: 'A rule set needs at least one rule' });
    const empty = setRuleSet(doc, 'num', ruleSet([{ item_id: 'num', operator: 'greater', value: 3 }], []));
    expect(empty).toMatchObject({ ok: false, code: 'CKL_RULE_NO_ACTIONS', message: 'Actions must not be empty' });
  });
});
