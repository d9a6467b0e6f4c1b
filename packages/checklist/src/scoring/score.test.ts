import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import { defaultOptions } from '../registry/registry.ts';
import type { Item, ItemOptions } from '../schema.ts';
import { choicesOf, DEFAULT_RESPONSE_OPTIONS, parseScoreText, scoreItem, sumPoints, toPercentage } from './score.ts';

const item = (type: Item['type'], options: Partial<ItemOptions> = {}): Item => ({
  id: 'x',
  title: '',
  type,
  options: { ...defaultOptions(type), enable_score: true, ...options },
  parent_id: 'p',
  base_id: null,
  reference_key: null,
  visible: true,
  depth: 1,
  collapsed: false,
});

const grades = [
  { uuid: 'good', label: 'Good', score: 3 },
  { uuid: 'fair', label: 'Fair', score: 1 },
  { uuid: 'poor', label: 'Poor', score: 0 },
  { uuid: 'bonus', label: 'Bonus', score: 2 },
];

describe('scoring', () => {
  it('scores a single choice by its option score of the best option', () => {
    expect(scoreItem(item('list'), 'fair', grades)).toEqual({ score: 1, max: 3 });
    expect(scoreItem(item('list'), null, grades)).toEqual({ score: 0, max: 3 });
    expect(scoreItem(item('yesno'), 'yes', DEFAULT_RESPONSE_OPTIONS.yesno!)).toEqual({ score: 1, max: 1 });
  });

  it('adds the options of a multiple choice against the sum of positive scores', () => {
    expect(scoreItem(item('list', { multiple_selection: true }), ['good', 'bonus'], grades)).toEqual({ score: 5, max: 6 });
  });

  it('applies the question weight (point_weight)', () => {
    expect(scoreItem(item('list', { scoring: { point_weight: 2 } }), 'good', grades)).toEqual({ score: 6, max: 6 });
  });

  it('clamps to min and max points', () => {
    expect(scoreItem(item('number', { scoring: { min_point: 0, max_point: 10 } }), 14, [])).toEqual({ score: 10, max: 10 });
    expect(scoreItem(item('number', { scoring: { min_point: 2, max_point: 10 } }), -3, [])).toEqual({ score: 2, max: 10 });
    expect(scoreItem(item('number', { max: 5 }), 4, [])).toEqual({ score: 4, max: 5 });
    expect(scoreItem(item('number'), 4, [])).toBeNull();
  });

  it('gives other scored types their default score when answered', () => {
    expect(scoreItem(item('checkbox'), true, [])).toEqual({ score: 1, max: 1 });
    expect(scoreItem(item('checkbox'), false, [])).toEqual({ score: 0, max: 1 });
    expect(scoreItem(item('textAnswer', { scoring: { default_score: 4 } }), 'done', [])).toEqual({ score: 4, max: 4 });
  });

  it('lets set_score override the score before weighting', () => {
    expect(scoreItem(item('list', { scoring: { point_weight: 2 } }), 'poor', grades, 2)).toEqual({ score: 4, max: 6 });
  });

  it('leaves out unscored items, not applicable answers and non-scoring types', () => {
    expect(scoreItem(item('list', { enable_score: false }), 'good', grades)).toBeNull();
    expect(scoreItem(item('list'), 'n/a', grades)).toBeNull();
    expect(scoreItem(item('photo'), 'x', [])).toBeNull();
    expect(scoreItem(item('list'), 'good', [])).toBeNull();
  });

  it('totals as a percentage', () => {
    const total = sumPoints([{ score: 1, max: 2 }, null, { score: 2, max: 2 }]);
    expect(total).toEqual({ score: 3, max: 4 });
    expect(toPercentage(total)).toBe(75);
    expect(toPercentage({ score: 0, max: 0 })).toBeNull();
    expect(toPercentage(null)).toBeNull();
  });

  it('finds choices in the response set, the global set or the type defaults', () => {
    const doc = buildDocument(
      [
        {
          id: 'p',
          type: 'page',
          children: [
            { id: 'own', type: 'list', options: { response_set_id: 'r' } },
            { id: 'global', type: 'list', options: { response_set_id: 'g', options_type: 'global' } },
            { id: 'yn', type: 'yesno' },
            { id: 'ok', type: 'oknot' },
          ],
        },
      ],
      {
        responses: [{ uuid: 'r', options: grades }],
        global_responses: [{ uuid: 'g', name: 'G', options: [{ uuid: 'z', label: 'Z', score: 9 }] }],
      },
    );
    const get = (id: string) => doc.items.find((entry) => entry.id === id)!;
    expect(choicesOf(doc, get('own'))).toEqual(grades);
    expect(choicesOf(doc, get('global')).map((choice) => choice.uuid)).toEqual(['z']);
    expect(choicesOf(doc, get('yn')).map((choice) => choice.uuid)).toEqual(['yes', 'no']);
    expect(choicesOf(doc, get('ok')).map((choice) => choice.uuid)).toEqual(['ok', 'not_ok']);
  });
});

describe('scores as typed', () => {
  it('takes plain numbers, empty as no score, and refuses anything else', () => {
    expect(parseScoreText('3')).toEqual({ ok: true, value: 3 });
    expect(parseScoreText(' -1.5 ')).toEqual({ ok: true, value: -1.5 });
    expect(parseScoreText('')).toEqual({ ok: true, value: null });
    for (const text of ['abc', '1e2', '2 points', '0x1', '--1'])
      expect(parseScoreText(text)).toMatchObject({ ok: false, code: 'CKL_PLAIN_NUMBER' });
  });
});
