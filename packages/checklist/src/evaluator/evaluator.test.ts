import { describe, expect, it } from 'vitest';
import { buildDocument, type ItemSpec } from '../fixtures/build.ts';
import type { RuleAction, RuleCondition, RuleSet, TemplateDocument } from '../schema.ts';
import { createEvaluator, evaluateDocument } from './evaluator.ts';

/** A rule set on `owner` with one rule; attached straight to the document (validation is tested elsewhere). */
function withRules(
  doc: TemplateDocument,
  rules: { owner: string; conditions: RuleCondition[]; actions: RuleAction[]; logic?: 'and' | 'or' }[],
): TemplateDocument {
  const ruleSets: RuleSet[] = rules.map((rule, i) => ({
    uuid: `rs${i}`,
    has_visibility: false,
    related_items: [],
    action_items: [],
    rules: [{ uuid: `r${i}`, logic: rule.logic ?? 'and', conditions: rule.conditions, actions: rule.actions }],
  }));
  return {
    ...doc,
    rule_sets: ruleSets,
    items: doc.items.map((item) => {
      const index = rules.findIndex((rule) => rule.owner === item.id);
      return index < 0 ? item : { ...item, options: { ...item.options, rule_set_id: `rs${index}` } };
    }),
  };
}

const page = (children: ItemSpec[], extra = {}) => buildDocument([{ id: 'p', type: 'page', children }], extra);
const gt = (item_id: string, value: number): RuleCondition => ({ item_id, operator: 'greater', value });

describe('evaluator: actions', () => {
  const base = page([
    { id: 'n', type: 'number' },
    { id: 't', type: 'textAnswer' },
    { id: 'hiddenByDefault', type: 'textAnswer', options: { hidden: true } },
    { id: 'y', type: 'yesno', options: { enable_score: true } },
  ]);

  it('set_hidden hides on match, and a show rule keeps its target hidden until it matches', () => {
    const doc = withRules(base, [
      { owner: 'n', conditions: [gt('n', 5)], actions: [{ type: 'set_hidden', item_id: 't', value: true }] },
      { owner: 'n', conditions: [gt('n', 10)], actions: [{ type: 'set_hidden', item_id: 'hiddenByDefault', value: false }] },
    ]);
    const evaluator = createEvaluator(doc);
    expect(evaluator.get('t')).toMatchObject({ visible: true, active: true });
    expect(evaluator.get('hiddenByDefault')).toMatchObject({ visible: false, active: false });
    evaluator.update('n', { value: 7 });
    expect(evaluator.get('t')).toMatchObject({ visible: false, active: false });
    evaluator.update('n', { value: 11 });
    expect(evaluator.get('hiddenByDefault')).toMatchObject({ visible: true, active: true });
    evaluator.update('n', null);
    expect(evaluator.get('t')!.visible).toBe(true);
    expect(evaluator.get('hiddenByDefault')!.visible).toBe(false);
  });

  it('an item hidden by its option stays active: its value still counts', () => {
    const evaluator = createEvaluator(page([{ id: 'k', type: 'constant', options: { default_value: '3' } }]));
    expect(evaluator.get('k')).toMatchObject({ visible: false, active: true, value: 3 });
  });

  it.each([
    ['enable', true, true],
    ['disable', true, false],
    ['enable_else_disable', true, true],
    ['enable_else_disable', false, false],
    ['disable_else_enable', true, false],
    ['disable_else_enable', false, true],
  ] as const)('%s (match: %s) gives enabled %s', (type, match, enabled) => {
    const doc = withRules(
      page([
        { id: 'n', type: 'number' },
        { id: 't', type: 'textAnswer', options: { read_only: type === 'enable' } },
      ]),
      [{ owner: 'n', conditions: [gt('n', 5)], actions: [{ type, item_id: 't' }] }],
    );
    const evaluator = createEvaluator(doc, { answers: { n: { value: match ? 9 : 1 } } });
    expect(evaluator.get('t')!.enabled).toBe(enabled);
  });

  it.each([
    ['required', true, true],
    ['required', false, false],
    ['not_required', true, false],
    ['required_else_not_required', true, true],
    ['required_else_not_required', false, false],
  ] as const)('%s (match: %s) gives required %s', (type, match, required) => {
    const doc = withRules(
      page([
        { id: 'n', type: 'number' },
        { id: 't', type: 'textAnswer', options: { required: type === 'not_required' } },
      ]),
      [{ owner: 'n', conditions: [gt('n', 5)], actions: [{ type, item_id: 't' }] }],
    );
    expect(createEvaluator(doc, { answers: { n: { value: match ? 9 : 1 } } }).get('t')!.required).toBe(required);
  });

  it.each([
    ['green', undefined, '#52c41a'],
    ['red', undefined, '#ff4d4f'],
    ['yellow', undefined, '#faad14'],
    ['custom', '#123456', '#123456'],
  ] as const)('set_color %s', (color, custom, expected) => {
    const action: RuleAction = custom
      ? { type: 'set_color', item_id: 'y', color, custom_color: custom }
      : { type: 'set_color', item_id: 'y', color };
    const doc = withRules(base, [{ owner: 'y', conditions: [{ item_id: 'y', operator: 'equals', value: 'no' }], actions: [action] }]);
    const evaluator = createEvaluator(doc, { answers: { y: { value: 'no' } } });
    expect(evaluator.get('y')!.color).toBe(expected);
  });

  it('colors a choice by its selected option when no rule colors it', () => {
    const evaluator = createEvaluator(base, { answers: { y: { value: 'yes' } } });
    expect(evaluator.get('y')!.color).toBe('#52c41a');
    expect(evaluator.get('n')!.color).toBeNull();
  });

  it('require_media, require_note and require_action (note, action, issue)', () => {
    const doc = withRules(base, [
      {
        owner: 'y',
        conditions: [{ item_id: 'y', operator: 'equals', value: 'no' }],
        actions: [
          { type: 'require_media', item_id: 'y' },
          { type: 'require_note', item_id: 'y' },
          { type: 'require_action', item_id: 'y', value: 'issue' },
          { type: 'require_action', item_id: 'y', value: 'action' },
          { type: 'require_action', item_id: 'y', value: 'note' },
        ],
      },
    ]);
    const evaluator = createEvaluator(doc);
    expect(evaluator.get('y')).toMatchObject({ require_media: false, require_note: false, require_action: [] });
    evaluator.update('y', { value: 'no' });
    expect(evaluator.get('y')).toMatchObject({ require_media: true, require_note: true, require_action: ['issue', 'action', 'note'] });
  });

  it('set_value always, set_value_not_answered only when empty', () => {
    const doc = withRules(base, [
      { owner: 'n', conditions: [gt('n', 5)], actions: [{ type: 'set_value', item_id: 't', value: 'high' }] },
      { owner: 'n', conditions: [gt('n', 1)], actions: [{ type: 'set_value_not_answered', item_id: 'hiddenByDefault', value: 'filled' }] },
    ]);
    const evaluator = createEvaluator(doc, { answers: { t: { value: 'typed' }, n: { value: 9 } } });
    expect(evaluator.get('t')).toMatchObject({ value: 'high', answered: true });
    expect(evaluator.get('hiddenByDefault')!.value).toBe('filled');
    evaluator.update('hiddenByDefault', { value: 'mine' });
    expect(evaluator.get('hiddenByDefault')!.value).toBe('mine');
  });

  it('set_score, set_rating and exclude_report', () => {
    const doc = withRules(base, [
      {
        owner: 'y',
        conditions: [{ item_id: 'y', operator: 'equals', value: 'no' }],
        actions: [
          { type: 'set_score', item_id: 'y', value: 0.5 },
          { type: 'set_rating', item_id: 'y', value: 5 },
          { type: 'exclude_report', item_id: 'y', value: true },
        ],
      },
    ]);
    const evaluator = createEvaluator(doc, { answers: { y: { value: 'no', rating: 2 } } });
    expect(evaluator.get('y')).toMatchObject({ score: 0.5, max_score: 1, rating: 5, exclude_report: true });
    evaluator.update('y', { value: 'yes', rating: 2 });
    expect(evaluator.get('y')).toMatchObject({ score: 1, rating: 2, exclude_report: false });
  });

  it('or-logic and several conditions', () => {
    const doc = withRules(base, [
      {
        owner: 'y',
        logic: 'or',
        conditions: [gt('n', 5), { item_id: 'y', operator: 'equals', value: 'no' }],
        actions: [{ type: 'required', item_id: 't' }],
      },
    ]);
    const evaluator = createEvaluator(doc);
    expect(evaluator.get('t')!.required).toBe(false);
    evaluator.update('y', { value: 'no' });
    expect(evaluator.get('t')!.required).toBe(true);
  });
});

describe('evaluator: containers, calculations, counters', () => {
  const doc = withRules(
    buildDocument([
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'a', type: 'number' },
          { id: 'k', type: 'constant', options: { default_value: '10' } },
          {
            id: 'sec',
            type: 'section',
            children: [
              { id: 'b', type: 'number' },
              { id: 'y1', type: 'yesno' },
            ],
          },
          {
            id: 'c1',
            type: 'calculation',
            options: {
              decimal: 2,
              calculations: {
                value: 'a * k / 3',
                items: [
                  { key: 'a', item_id: 'a' },
                  { key: 'k', item_id: 'k' },
                ],
              },
            },
          },
          {
            id: 'c2',
            type: 'calculation',
            options: {
              calculations: {
                value: 'c1 + b',
                items: [
                  { key: 'c1', item_id: 'c1' },
                  { key: 'b', item_id: 'b' },
                ],
              },
            },
          },
          { id: 'bad', type: 'calculation', options: { calculations: { value: '1 +', items: [] } } },
          { id: 'count', type: 'counter', options: { type: 'yesno' } },
          { id: 'y2', type: 'yesno' },
        ],
      },
      { id: 'p2', type: 'page', options: { not_visible: true }, children: [{ id: 'onHiddenPage', type: 'textAnswer' }] },
    ]),
    [
      {
        owner: 'a',
        conditions: [gt('a', 100)],
        actions: [
          { type: 'set_hidden', item_id: 'sec', value: true },
          { type: 'disable', item_id: 'sec' },
        ],
      },
    ],
  );

  it('computes calculations over answers and constants, in chains, rounded to decimals', () => {
    const evaluator = createEvaluator(doc, { answers: { a: { value: 2 } } });
    expect(evaluator.get('c1')!.value).toBe(6.67);
    expect(evaluator.get('c2')!.value).toBeNull();
    evaluator.update('b', { value: '3' });
    expect(evaluator.get('c2')!.value).toBeCloseTo(9.67);
    expect(evaluator.get('bad')).toMatchObject({ value: null, error: 'CKL_EQUATION_INVALID' });
  });

  it('hides and disables a section with its items, which then count as unanswered', () => {
    const evaluator = createEvaluator(doc, { answers: { a: { value: 2 }, b: { value: 3 }, y1: { value: 'yes' } } });
    expect(evaluator.get('c2')!.value).toBeCloseTo(9.67);
    expect(evaluator.get('count')!.value).toBe(1);
    const changed = evaluator.update('a', { value: 101 });
    expect(changed).toEqual(expect.arrayContaining(['a', 'sec', 'b', 'y1', 'c1', 'c2', 'count']));
    expect(evaluator.get('b')).toMatchObject({ visible: false, active: false, enabled: false });
    expect(evaluator.get('c2')!.value).toBeNull();
    expect(evaluator.get('count')!.value).toBe(0);
  });

  it('counts answered items of the counter type', () => {
    const evaluator = createEvaluator(doc, { answers: { y1: { value: 'yes' }, y2: { value: 'no' } } });
    expect(evaluator.get('count')!.value).toBe(2);
    evaluator.update('y2', { value: '' });
    expect(evaluator.get('count')!.value).toBe(1);
  });

  it('hides the items of a hidden page', () => {
    expect(createEvaluator(doc).get('onHiddenPage')).toMatchObject({ visible: false, active: true });
  });

  it('re-evaluates only what reads the changed answer', () => {
    const evaluator = createEvaluator(doc, { answers: { a: { value: 2 }, b: { value: 3 } } });
    expect(evaluator.update('y2', { value: 'yes' })).toEqual(['y2', 'count']);
    expect(evaluator.update('b', { value: 4 })).toEqual(['b', 'c2']);
    expect(evaluator.update('b', { value: 4 })).toEqual([]);
    expect(evaluator.update('unknown', { value: 1 })).toEqual([]);
    expect(evaluator.plan.edgeCount).toBeGreaterThan(0);
  });
});

describe('evaluator: repeat instances', () => {
  const doc = withRules(
    buildDocument([
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'limit', type: 'number' },
          {
            id: 'rep',
            type: 'section',
            options: { repeatable: true },
            children: [
              { id: 'v', type: 'number' },
              { id: 'w', type: 'textAnswer' },
              { id: 'sum', type: 'calculation', options: { calculations: { value: 'v * 2', items: [{ key: 'v', item_id: 'v' }] } } },
            ],
          },
          { id: 'count', type: 'counter', options: { type: 'number' } },
        ],
      },
    ]),
    [
      { owner: 'v', conditions: [gt('v', 5)], actions: [{ type: 'required', item_id: 'w' }] },
      { owner: 'limit', conditions: [gt('limit', 0)], actions: [{ type: 'require_note', item_id: 'w' }] },
    ],
  );

  it('evaluates items inside a repeatable once per instance, keyed item@instance', () => {
    const evaluator = createEvaluator(doc, { answers: { 'v@i1': { value: 9 }, 'v@i2': { value: 1 } } });
    expect(evaluator.instances('rep')).toEqual(['i1', 'i2']);
    expect(evaluator.get('w', 'i1')!.required).toBe(true);
    expect(evaluator.get('w', 'i2')!.required).toBe(false);
    expect(evaluator.get('sum', 'i1')!.value).toBe(18);
    expect(evaluator.get('count')!.value).toBe(2);
    expect(evaluator.update('v@i2', { value: 6 })).toEqual(['v@i2', 'w@i2', 'sum@i2']);
  });

  it('spreads an outside change to every instance', () => {
    const evaluator = createEvaluator(doc, { instances: { rep: ['a', 'b'] } });
    const changed = evaluator.update('limit', { value: 1 });
    expect(changed).toEqual(expect.arrayContaining(['w@a', 'w@b']));
    expect(evaluator.get('w', 'b')!.require_note).toBe(true);
  });

  it('starts with one instance, and adds and removes instances', () => {
    const evaluator = createEvaluator(doc);
    expect(evaluator.instances('rep')).toEqual(['1']);
    evaluator.addInstance('rep', '2');
    evaluator.update('v@2', { value: 3 });
    expect(evaluator.get('sum', '2')!.value).toBe(6);
    expect(evaluator.get('count')!.value).toBe(1);
    evaluator.update('v@3', { value: 4 });
    expect(evaluator.instances('rep')).toEqual(['1', '2', '3']);
    expect(evaluator.get('count')!.value).toBe(2);
    evaluator.removeInstance('rep', '2');
    expect(evaluator.get('v', '2')).toBeUndefined();
    expect(evaluator.get('count')!.value).toBe(1);
    expect(evaluator.removeInstance('rep', 'nope')).toEqual([]);
    expect(evaluator.addInstance('rep', '1')).toEqual([]);
  });
});

describe('evaluator: scores and the clock', () => {
  it('totals sections, pages and the template as percentages, over visible items', () => {
    const doc = withRules(
      buildDocument([
        {
          id: 'p',
          type: 'page',
          children: [
            { id: 'y1', type: 'yesno', options: { enable_score: true } },
            {
              id: 's',
              type: 'section',
              children: [{ id: 'y2', type: 'yesno', options: { enable_score: true, scoring: { point_weight: 3 } } }],
            },
          ],
        },
      ]),
      [
        {
          owner: 'y1',
          conditions: [{ item_id: 'y1', operator: 'equals', value: 'no' }],
          actions: [{ type: 'set_hidden', item_id: 's', value: true }],
        },
      ],
    );
    const evaluator = createEvaluator(doc, { answers: { y1: { value: 'yes' }, y2: { value: 'no' } } });
    expect(evaluator.total()).toEqual({ score: 1, max: 4, percentage: 25 });
    expect(evaluator.total('s')).toEqual({ score: 0, max: 3, percentage: 0 });
    expect(evaluator.total('p')).toMatchObject({ percentage: 25 });
    evaluator.update('y2', { value: 'yes' });
    expect(evaluator.total().percentage).toBe(100);
    evaluator.update('y1', { value: 'no' });
    expect(evaluator.total()).toEqual({ score: 0, max: 1, percentage: 0 });
    expect(evaluator.total('nothing')).toEqual({ score: 0, max: 0, percentage: null });
  });

  it('reads the injected clock for current and relative dates', () => {
    let now = new Date(Date.UTC(2026, 5, 15, 12));
    const doc = withRules(
      page([
        { id: 'd', type: 'datetime' },
        { id: 't', type: 'textAnswer' },
      ]),
      [
        {
          owner: 'd',
          conditions: [{ item_id: 'd', operator: 'newer_than', value: { amount: 1, unit: 'day' } }],
          actions: [{ type: 'set_color', item_id: 't', color: 'green' }],
        },
      ],
    );
    const evaluator = createEvaluator(doc, { answers: { d: { value: '2026-06-15T08:00:00' } }, now: () => now });
    expect(evaluator.get('t')!.color).toBe('#52c41a');
    now = new Date(Date.UTC(2026, 5, 20, 12));
    expect(evaluator.refreshClock()).toEqual(['t']);
    expect(evaluator.get('t')!.color).toBeNull();
  });

  it('evaluates in one call', () => {
    const states = evaluateDocument(page([{ id: 'n', type: 'number' }]), { answers: { n: { value: 3 } } });
    expect(states.get('n')).toMatchObject({ value: 3, answered: true, visible: true, enabled: true, required: false });
  });
});
