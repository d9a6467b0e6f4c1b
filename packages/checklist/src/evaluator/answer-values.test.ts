import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import type { Item } from '../schema.ts';
import { answerKindOf, checkAnswerChange, checkAnswerValue } from './answer-values.ts';
import { createEvaluator } from './evaluator.ts';
import { isFailed } from './answers.ts';

const doc = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'text', type: 'textAnswer' },
      { id: 'count', type: 'number' },
      { id: 'when', type: 'datetime' },
      { id: 'yn', type: 'yesno', options: { enable_score: true } },
      { id: 'na', type: 'yesno', options: { allow_n_a: true } },
      { id: 'many', type: 'list', options: { multiple_selection: true } },
      { id: 'one_photo', type: 'photo' },
      { id: 'photos', type: 'photo', options: { multi_photo: true } },
      { id: 'sign', type: 'signature' },
      { id: 'box', type: 'checkbox' },
      { id: 'sum', type: 'calculation' },
      { id: 'note', type: 'instruction' },
    ],
  },
  { id: 'p2', type: 'start_page', children: [{ id: 'where', type: 'inspection_location' }] },
]);
const item = (id: string) => doc.items.find((entry) => entry.id === id) as Item;
const file = { id: 'f1', url: '/storage/w/abc.jpg' };
const code = (id: string, value: unknown) => checkAnswerValue(doc, item(id), value)?.code ?? null;

describe('answer values', () => {
  it('names how each kind of question is answered', () => {
    expect(
      ['text', 'count', 'when', 'yn', 'many', 'photos', 'sign', 'box', 'sum', 'note', 'where'].map((id) => answerKindOf(item(id))),
    ).toEqual(['text', 'number', 'date', 'choice', 'choices', 'media', 'signature', 'boolean', 'none', 'none', 'location']);
  });

  it.each([
    ['text', 'a pump', null],
    ['text', 12, 'CKL_ANSWER_INVALID'],
    ['text', 'x'.repeat(2_001), 'CKL_TOO_LONG'],
    ['count', 4.5, null],
    ['count', '4', 'CKL_ANSWER_INVALID'],
    ['count', Number.NaN, 'CKL_ANSWER_INVALID'],
    ['when', '2026-12-01T08:30:00', null],
    ['when', '2026-02-30T08:30:00', 'CKL_RULE_DATE_INVALID'],
    ['when', '2026-12-01', 'CKL_RULE_DATE_INVALID'],
    ['yn', 'yes', null],
    ['yn', 'maybe', 'CKL_ANSWER_UNKNOWN_CHOICE'],
    ['yn', 'n/a', 'CKL_ANSWER_UNKNOWN_CHOICE'],
    ['na', 'n/a', null],
    ['yn', ['yes'], 'CKL_ANSWER_INVALID'],
    ['box', true, null],
    ['box', false, 'CKL_ANSWER_INVALID'],
    ['one_photo', [file], null],
    ['one_photo', [file, { ...file, id: 'f2' }], 'CKL_TOO_MANY'],
    ['photos', [file, { ...file, id: 'f2' }], null],
    ['photos', [{ id: 'f1' }], 'CKL_ANSWER_INVALID'],
    ['sign', { file, name: 'Ada Lovelace' }, null],
    ['sign', { file, name: ' ' }, 'CKL_ANSWER_INVALID'],
    ['where', { latitude: 48.85, longitude: 2.35, accuracy: 12 }, null],
    ['where', { address: '1 Quai de la Gare' }, null],
    ['where', { latitude: 48.85 }, 'CKL_ANSWER_LOCATION_INVALID'],
    ['where', { latitude: 91, longitude: 0 }, 'CKL_ANSWER_LOCATION_INVALID'],
    ['sum', 3, 'CKL_ANSWER_NOT_ANSWERABLE'],
    ['note', 'hello', 'CKL_ANSWER_NOT_ANSWERABLE'],
    ['text', null, null],
  ])('%s answered %j: %s', (id, value, expected) => {
    expect(code(id, value)).toBe(expected);
  });

  it('takes a multiple choice of offered options only, as a list', () => {
    expect(code('many', [])).toBeNull();
    expect(code('many', ['nope'])).toBe('CKL_ANSWER_UNKNOWN_CHOICE');
    expect(code('many', 'nope')).toBe('CKL_ANSWER_INVALID');
  });
});

describe('answer changes', () => {
  const plain = buildDocument([
    {
      id: 'p1',
      type: 'page',
      children: [
        { id: 'gate', type: 'yesno', options: { rule_set_id: 'rs' } },
        { id: 'detail', type: 'textAnswer' },
        { id: 'locked', type: 'textAnswer', options: { read_only: true } },
      ],
    },
  ]);
  const hiding: typeof plain = {
    ...plain,
    rule_sets: [
      {
        uuid: 'rs',
        has_visibility: true,
        related_items: [],
        action_items: [],
        rules: [
          {
            uuid: 'r',
            logic: 'and',
            conditions: [{ item_id: 'gate', operator: 'equals', value: 'yes' }],
            actions: [{ type: 'set_hidden', item_id: 'detail', value: true }],
          },
        ],
      },
    ],
  };
  const at = (id: string) => hiding.items.find((entry) => entry.id === id) as Item;

  it('refuses an answer to a hidden, disabled or computed item, and takes a shown one', () => {
    const evaluator = createEvaluator(hiding, { answers: { gate: { value: 'yes' } } });
    expect(checkAnswerChange(hiding, at('detail'), evaluator.get('detail'), 'x')?.code).toBe('CKL_ANSWER_HIDDEN');
    expect(checkAnswerChange(hiding, at('locked'), evaluator.get('locked'), 'x')?.code).toBe('CKL_ANSWER_DISABLED');
    expect(checkAnswerChange(hiding, at('p1'), evaluator.get('p1'), 'x')?.code).toBe('CKL_ANSWER_NOT_ANSWERABLE');
    evaluator.update('gate', { value: 'no' });
    expect(checkAnswerChange(hiding, at('detail'), evaluator.get('detail'), 'x')).toBeNull();
    expect(checkAnswerChange(hiding, at('detail'), evaluator.get('detail'), 7)?.code).toBe('CKL_ANSWER_INVALID');
  });
});

describe('failed answers', () => {
  it('fails a scored answer that earns nothing, and nothing else', () => {
    const evaluator = createEvaluator(doc, { answers: { yn: { value: 'no' } } });
    expect(isFailed(evaluator.get('yn')!)).toBe(true);
    evaluator.update('yn', { value: 'yes' });
    expect(isFailed(evaluator.get('yn')!)).toBe(false);
    evaluator.update('text', { value: 'anything' });
    expect(isFailed(evaluator.get('text')!)).toBe(false);
  });
});
