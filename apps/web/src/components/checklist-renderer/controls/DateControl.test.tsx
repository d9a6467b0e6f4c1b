import { act, fireEvent, screen, within } from '@testing-library/react';
import { checkAnswerValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';
import { wallClockOf } from '../answer-dates.ts';

const shaped = (id: string, shape: string) => ({
  id,
  type: 'datetime' as const,
  title: id,
  options: { default_value: null, date_time_shape: shape },
});
const doc: TemplateDocument = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      shaped('full', 'year_month_day_hour_minute'),
      shaped('day', 'year_month_day'),
      shaped('clock', 'hour_minute'),
      shaped('month', 'year_month'),
      shaped('year', 'year'),
      shaped('birthday', 'month_day'),
      shaped('shift', 'day_hour_minute'),
    ],
  },
]);
const itemOf = (id: string) => doc.items.find((item) => item.id === id)!;
const field = (id: string) => itemElement(id).querySelector<HTMLInputElement>('input')!;

async function choose(id: string, label: string, option: string) {
  await act(async () => fireEvent.mouseDown(within(itemElement(id)).getByRole('combobox', { name: label })));
  await screen.findAllByRole('option');
  const choice = [
    ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
  ].find((element) => element.getAttribute('title') === option);
  fireEvent.click(choice!);
}

describe('DateControl', () => {
  it('answers every date_time_shape with a wall clock the domain accepts', async () => {
    const recorder = await renderChecklist(doc);
    const today = wallClockOf(new Date()).slice(0, 10);
    const year = today.slice(0, 4);
    const month = today.slice(5, 7);

    fireEvent.change(field('full'), { target: { value: '2026-11-22T08:05' } });
    expect(lastValue(recorder, 'full')).toBe('2026-11-22T08:05:00');
    fireEvent.change(field('day'), { target: { value: '2026-11-22' } });
    expect(lastValue(recorder, 'day')).toBe('2026-11-22T00:00:00');
    fireEvent.change(field('clock'), { target: { value: '17:45' } });
    expect(lastValue(recorder, 'clock')).toBe(`${today}T17:45:00`);
    fireEvent.change(field('month'), { target: { value: '2026-03' } });
    expect(lastValue(recorder, 'month')).toBe('2026-03-01T00:00:00');
    fireEvent.change(within(itemElement('year')).getByRole('spinbutton'), { target: { value: '2031' } });
    expect(lastValue(recorder, 'year')).toBe('2031-01-01T00:00:00');
    await choose('birthday', 'Month', new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, 1, 1)));
    expect(lastValue(recorder, 'birthday')).toMatch(new RegExp(`^${year}-02-\\d{2}T00:00:00$`));
    await choose('shift', 'Day', '3');
    fireEvent.change(within(itemElement('shift')).getByLabelText('Time'), { target: { value: '06:30' } });
    expect(lastValue(recorder, 'shift')).toBe(`${year}-${month}-03T06:30:00`);

    for (const [key, value] of recorder.values) expect(checkAnswerValue(doc, itemOf(key), value)).toBeNull();
    fireEvent.change(field('day'), { target: { value: '' } });
    expect(lastValue(recorder, 'day')).toBeNull();
  });

  it('shows the answer in its shape', async () => {
    await renderChecklist(doc, {
      answers: { full: { value: '2026-11-22T08:05:09' }, month: { value: '2026-03-01T00:00:00' }, year: { value: '2031-01-01T00:00:00' } },
    });
    expect(field('full').value).toBe('2026-11-22T08:05');
    expect(field('month').value).toBe('2026-03');
    expect(within(itemElement('year')).getByRole<HTMLInputElement>('spinbutton').value).toBe('2031');
  });
});
