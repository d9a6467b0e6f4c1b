import {
  checkAnswer,
  createEvaluator,
  NOT_APPLICABLE,
  setCalculation,
  setRuleSet,
  type Answers,
  type Item,
  type Result,
  type RuleSet,
  type TemplateDocument,
} from '@vigil/checklist';
import { buildDocument, type ItemSpec } from '@vigil/checklist/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTestAnswers, testValue } from './test-data.ts';

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const NOW = Date.UTC(2026, 10, 22, 14, 30, 0);
const RESPONSES = [
  {
    uuid: 'colours',
    options: [
      { uuid: 'red', label: 'Red', color: null, score: null },
      { uuid: 'green', label: 'Green', color: null, score: null },
      { uuid: 'blue', label: 'Blue', color: null, score: null },
    ],
  },
];

function page(children: ItemSpec[]): TemplateDocument {
  return buildDocument([{ id: 'p1', type: 'page', title: 'Checks', children }], { responses: RESPONSES });
}

function fill(doc: TemplateDocument, answers: Answers = {}) {
  const evaluator = createEvaluator(doc, { answers, now: () => new Date(NOW) });
  const filled = fillTestAnswers(doc, evaluator, { keyOf: (id) => id, isAnswered: (key) => key in answers, wallNow: NOW });
  return { evaluator, filled, value: (id: string) => filled.get(id)?.value };
}

/** Every answer the fill set passes the inspection's own checks of that question. */
function expectValid(doc: TemplateDocument, result: ReturnType<typeof fill>) {
  for (const [key, answer] of result.filled) {
    const item = doc.items.find((entry) => entry.id === key)!;
    expect(checkAnswer(item, result.evaluator.get(key), answer), `${item.type} ${JSON.stringify(answer.value)}`).toEqual([]);
  }
}

const item = (doc: TemplateDocument, id: string): Item => doc.items.find((entry) => entry.id === id)!;

describe('test data', () => {
  it('answers every question the preview can answer, validly, even when required', () => {
    const doc = page([
      { id: 'name', type: 'textAnswer', title: 'Operator', options: { required: true, min_length: '12', max_length: '14' } },
      { id: 'notes', type: 'longText', title: 'Notes' },
      { id: 'site', type: 'url', title: 'Site page', options: { required: true } },
      { id: 'code', type: 'barcode', title: 'Serial' },
      { id: 'tag', type: 'qr', title: 'Tag' },
      { id: 'load', type: 'number', title: 'Load', options: { required: true, min: 10, max: 20, decimal: 1 } },
      { id: 'level', type: 'slider', title: 'Level', options: { min: 5, max: 50, step: 5 } },
      { id: 'when', type: 'datetime', title: 'When', options: { default_value: null } },
      { id: 'ok', type: 'checkbox', title: 'Checked' },
      { id: 'ack', type: 'acknowledgment', title: 'Read' },
      { id: 'yn', type: 'yesno', title: 'Safe?', options: { required: true, allow_n_a: true } },
      { id: 'on', type: 'switch', title: 'Lights' },
      { id: 'colour', type: 'list', title: 'Colour', options: { response_set_id: 'colours' } },
      { id: 'colours', type: 'dropdown', title: 'Colours', options: { response_set_id: 'colours', multiple_selection: true } },
      { id: 'total', type: 'calculation', title: 'Total' },
      { id: 'sig', type: 'signature', title: 'Signature' },
      { id: 'pic', type: 'photo', title: 'Photo' },
      { id: 'read', type: 'instruction', title: 'Read this' },
    ]);
    const result = fill(doc);
    expect([...result.filled.keys()].sort()).toEqual(
      ['ack', 'code', 'colour', 'colours', 'level', 'load', 'name', 'notes', 'ok', 'on', 'site', 'tag', 'when', 'yn'].sort(),
    );
    expectValid(doc, result);
    expect(result.value('name')).toBe('Operator Opera');
    expect(result.value('notes')).toBe('Notes');
    expect(result.value('site')).toBe('https://example.com/site');
    expect(result.value('code')).toMatch(/^\d{10}$/);
    expect(result.value('when')).toBe('2026-11-22T14:30:00');
    expect(result.value('yn')).not.toBe(NOT_APPLICABLE);
    expect(['yes', 'no']).toContain(result.value('yn'));
    expect(['on', 'off']).toContain(result.value('on'));
    expect(['red', 'green', 'blue']).toContain(result.value('colour'));
    const many = result.value('colours') as string[];
    expect(many.length).toBeGreaterThan(0);
    expect(many.every((id) => ['red', 'green', 'blue'].includes(id))).toBe(true);
    expect([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]).toContain(result.value('level'));
    for (const [key] of result.filled) expect(result.evaluator.get(key)?.answered, key).toBe(true);
  });

  it('derives the same answers from the same document, and different ones for different questions', () => {
    const doc = page([
      { id: 'a', type: 'number', title: 'A' },
      { id: 'b', type: 'number', title: 'B' },
      { id: 'c', type: 'number', title: 'C' },
    ]);
    const first = fill(doc);
    const second = fill(doc);
    expect([...second.filled]).toEqual([...first.filled]);
    expect(new Set(['a', 'b', 'c'].map(first.value)).size).toBeGreaterThan(1);
  });

  it('keeps numbers within any bounds and decimals that allow an answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (min, span, decimal, id) => {
          const doc = page([{ id: 'n', type: 'number', title: 'N', options: { min, max: min + span, decimal } }]);
          const number = { ...item(doc, 'n'), id };
          const value = testValue(doc, number, NOW);
          expect(checkAnswer(number, undefined, { value })).toEqual([]);
        },
      ),
    );
  });

  it('keeps texts between their minimum and maximum length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.string({ maxLength: 20 }), (min, extra, title) => {
        const doc = page([{ id: 't', type: 'textAnswer', title, options: { min_length: String(min), max_length: String(min + extra) } }]);
        const value = testValue(doc, item(doc, 't'), NOW);
        expect(checkAnswer(item(doc, 't'), undefined, { value })).toEqual([]);
      }),
    );
  });

  it('dates: today, later for future dates only, earlier for prior dates only, midnight for a date alone', () => {
    const doc = page([
      { id: 'today', type: 'datetime', options: { default_value: null } },
      { id: 'later', type: 'datetime', options: { default_value: null, future_date: true } },
      { id: 'earlier', type: 'datetime', options: { default_value: null, prior_date: true } },
      { id: 'day', type: 'datetime', options: { default_value: null, date_time_shape: 'year_month_day' } },
      { id: 'time', type: 'datetime', options: { default_value: null, date_time_shape: 'hour_minute', future_date: true } },
    ]);
    const { value } = fill(doc);
    expect(value('today')).toBe('2026-11-22T14:30:00');
    expect(String(value('later')) > '2026-11-22T14:30:00').toBe(true);
    expect(String(value('earlier')) < '2026-11-22T14:30:00').toBe(true);
    expect(value('day')).toBe('2026-11-22T00:00:00');
    expect(value('time')).toBe('2026-11-22T14:30:00');
  });

  it('picks the option a rule waits for, so a question the rule reveals is filled in the same pass', () => {
    const reveal = (owner: string, value: unknown, target: string, operator = 'equals'): RuleSet => ({
      uuid: `rs-${owner}`,
      has_visibility: true,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: `r-${owner}`,
          logic: 'and',
          conditions: [{ item_id: owner, operator: operator as 'equals', value }],
          actions: [{ type: 'set_hidden', item_id: target, value: false }],
        },
      ],
    });
    let doc = page([
      { id: 'damage', type: 'yesno', title: 'Damage found?' },
      { id: 'describe', type: 'textAnswer', title: 'Describe the damage', options: { required: true } },
      { id: 'colour', type: 'list', title: 'Colour', options: { response_set_id: 'colours' } },
      { id: 'why_blue', type: 'number', title: 'Why blue' },
      { id: 'paint', type: 'dropdown', title: 'Paint', options: { response_set_id: 'colours', multiple_selection: true } },
      { id: 'mix', type: 'textAnswer', title: 'Mix' },
    ]);
    doc = unwrap(setRuleSet(doc, 'damage', reveal('damage', 'no', 'describe')));
    doc = unwrap(setRuleSet(doc, 'colour', reveal('colour', ['blue'], 'why_blue', 'in')));
    doc = unwrap(setRuleSet(doc, 'paint', reveal('paint', ['red', 'blue'], 'mix', 'exact')));
    expect(createEvaluator(doc).get('describe')?.visible).toBe(false);
    const result = fill(doc);
    expect(result.value('damage')).toBe('no');
    expect(result.value('describe')).toBe('Describe the damage');
    expect(result.value('colour')).toBe('blue');
    expect(result.filled.has('why_blue')).toBe(true);
    expect(result.value('paint')).toEqual(['red', 'blue']);
    expect(result.filled.has('mix')).toBe(true);
    expectValid(doc, result);
  });

  it('leaves hidden, disabled and already answered questions alone', () => {
    const doc = page([
      { id: 'kept', type: 'textAnswer', title: 'Kept' },
      { id: 'hidden', type: 'textAnswer', title: 'Hidden', options: { hidden: true } },
      {
        id: 'box',
        type: 'section',
        title: 'Box',
        options: { hidden: true },
        children: [{ id: 'inside', type: 'number', title: 'Inside' }],
      },
    ]);
    const { filled, evaluator } = fill(doc, { kept: { value: 'typed by the tester' } });
    expect(filled.size).toBe(0);
    expect(evaluator.get('kept')?.value).toBe('typed by the tester');
  });

  it('feeds calculations and scores through the evaluator', () => {
    const doc = unwrap(
      setCalculation(
        page([
          { id: 'x', type: 'number', title: 'X', options: { min: 2, max: 2 } },
          { id: 'y', type: 'number', title: 'Y', options: { min: 3, max: 3 } },
          { id: 'product', type: 'calculation', title: 'X times Y' },
          { id: 'safe', type: 'yesno', title: 'Safe', options: { enable_score: true } },
        ]),
        'product',
        {
          value: 'a * b',
          items: [
            { key: 'a', item_id: 'x' },
            { key: 'b', item_id: 'y' },
          ],
        },
      ),
    );
    const { evaluator, value } = fill(doc);
    expect(value('x')).toBe(2);
    expect(evaluator.get('product')?.value).toBe(6);
    expect(evaluator.total().max).toBe(1);
    expect(evaluator.total().score).toBe(value('safe') === 'yes' ? 1 : 0);
  });
});
