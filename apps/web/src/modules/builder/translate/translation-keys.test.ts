import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { chosenTranslations, machineTranslatable, translateInBatches } from './translation-keys.ts';

const RESPONSES = [
  {
    uuid: 'grades',
    options: [
      { uuid: 'good', label: 'Good', color: null, score: null },
      { uuid: 'poor', label: 'Poor', color: null, score: null },
      { uuid: 'blank', label: '', color: null, score: null },
    ],
  },
];

const doc = buildDocument(
  [
    {
      id: 'p1',
      type: 'page',
      title: 'Checks',
      children: [
        { id: 'grade', type: 'list', title: 'Grade', options: { response_set_id: 'grades' } },
        { id: 'again', type: 'dropdown', title: 'Grade again', options: { response_set_id: 'grades' } },
        { id: 'global', type: 'list', title: 'From a global list', options: { response_set_id: 'grades', options_type: 'global' } },
        { id: 'untitled', type: 'textAnswer', title: '' },
        { id: 'read', type: 'instruction', title: 'Read the manual' },
      ],
    },
  ],
  { responses: RESPONSES },
);

describe('translation keys of chosen items', () => {
  it('names titles and custom response options as the server does, in document order, a shared set once', () => {
    const entries = chosenTranslations(doc, new Set(['again', 'grade', 'global', 'untitled', 'read']));
    expect(entries.map((entry) => [entry.item.id, entry.fields.map((field) => field.key)])).toEqual([
      ['grade', ['items.grade.title', 'responses.grades.good.label', 'responses.grades.poor.label']],
      ['again', ['items.again.title']],
      ['global', ['items.global.title']],
      ['untitled', []],
      ['read', ['items.read.title']],
    ]);
    expect(entries[0].fields.map((field) => [field.kind, field.text])).toEqual([
      ['title', 'Grade'],
      ['option', 'Good'],
      ['option', 'Poor'],
    ]);
  });

  it('leaves instructions out of machine translation', () => {
    const [grade, read] = chosenTranslations(doc, new Set(['grade', 'read']));
    expect(machineTranslatable(grade)).toHaveLength(3);
    expect(machineTranslatable(read)).toEqual([]);
  });
});

describe('machine translation in batches', () => {
  const keys = Array.from({ length: 23 }, (_, i) => `items.q${i}.title`);
  const echo = vi.fn(async (batch: string[]) => batch.map((key) => ({ key, translation: `t:${key}` })));

  it('sends at most ten keys per request, in order, and reports progress after each batch', async () => {
    echo.mockClear();
    const progress: [number, number][] = [];
    const received: string[] = [];
    await translateInBatches(keys, echo, {
      onBatch: (records, done, total) => {
        received.push(...records.map((record) => record.key));
        progress.push([done, total]);
      },
      stopped: () => false,
    });
    expect(echo.mock.calls.map(([batch]) => batch.length)).toEqual([10, 10, 3]);
    expect(received).toEqual(keys);
    expect(progress).toEqual([
      [10, 23],
      [20, 23],
      [23, 23],
    ]);
  });

  it('stops between batches when asked, and keeps the batches before a failure', async () => {
    echo.mockClear();
    let batches = 0;
    await translateInBatches(keys, echo, { onBatch: () => batches++, stopped: () => batches === 1 });
    expect(echo).toHaveBeenCalledTimes(1);

    const delivered: number[] = [];
    const failing = vi.fn(async (batch: string[]) => {
      if (failing.mock.calls.length === 2) throw new Error('503');
      return batch.map((key) => ({ key, translation: key }));
    });
    await expect(translateInBatches(keys, failing, { onBatch: (_, done) => delivered.push(done), stopped: () => false })).rejects.toThrow(
      '503',
    );
    expect(delivered).toEqual([10]);
  });
});
