import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import { createEvaluator } from './evaluator.ts';
import { checkAnswer, initialAnswers } from './answers.ts';

const doc = buildDocument([
  {
    id: 'p',
    type: 'page',
    children: [
      { id: 'n', type: 'number', options: { min: 2, max: 8, decimal: 1, required: true, default_value: 4 } },
      { id: 't', type: 'textAnswer', options: { min_length: '2', max_length: '5', default_value: 'ok' } },
      { id: 'u', type: 'url' },
      { id: 'd', type: 'datetime' },
      { id: 'c', type: 'checkbox' },
      { id: 'c2', type: 'checkbox', options: { default_value: true } },
      { id: 'ph', type: 'photo', options: { require_media: true } },
      { id: 'y', type: 'yesno', options: { require_note: true, hidden: true } },
      { id: 'k', type: 'constant', options: { default_value: '3' } },
    ],
  },
]);
const get = (id: string) => doc.items.find((item) => item.id === id)!;

describe('initialAnswers', () => {
  it('starts an inspection with the default values, dates set to now', () => {
    expect(initialAnswers(doc, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 60)).toEqual({
      n: { value: 4 },
      t: { value: 'ok' },
      d: { value: '2026-01-02T04:04:05' },
      c2: { value: true },
      'hidden-2': { value: '2026-01-02T04:04:05' },
    });
  });
});

describe('checkAnswer', () => {
  const evaluator = createEvaluator(doc);
  const codes = (id: string, answer: Parameters<typeof checkAnswer>[2]) =>
    checkAnswer(get(id), evaluator.get(id), answer).map((entry) => `${entry.field}:${entry.code}`);

  it.each([
    ['n', undefined, ['value:CKL_FIELD_REQUIRED']],
    ['n', { value: 'n/a' }, []],
    ['n', { value: 5 }, []],
    ['n', { value: 9 }, ['value:CKL_BETWEEN']],
    ['n', { value: '4.25' }, ['value:CKL_DECIMAL_DIGITS']],
    ['n', { value: 'four' }, ['value:CKL_PLAIN_NUMBER']],
    ['t', { value: 'a' }, ['value:CKL_LENGTH_BETWEEN']],
    ['t', { value: 'abc' }, []],
    ['u', { value: 'nope' }, ['value:CKL_INVALID_URL']],
    ['u', { value: 'https://vigil.example' }, []],
    ['ph', { value: null }, ['media:CKL_FIELD_REQUIRED']],
    ['ph', { value: null, media: [{ id: 1 }] }, []],
    ['y', { value: 'no' }, []],
  ] as const)('%s with %j', (id, answer, expected) => {
    expect(codes(id, answer as never)).toEqual(expected);
  });

  it('checks by the item options when there is no state', () => {
    expect(checkAnswer(get('y'), undefined, { value: 'no' }).map((entry) => entry.message)).toEqual(['Field is required']);
  });
});
