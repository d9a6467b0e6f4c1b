import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FilterEntry } from '@vigil/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { FilterControl } from './FilterControl.tsx';
import type { FilterDef } from './types.ts';

/** The control with its value kept, as the table's filter form keeps it; `onChange` sees every entry. */
function Harness({
  filter,
  initial,
  onChange,
}: {
  filter: FilterDef;
  initial?: FilterEntry;
  onChange: (value: FilterEntry | undefined) => void;
}) {
  const [value, setValue] = useState<FilterEntry | undefined>(initial);
  return (
    <FilterControl
      filter={filter}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

async function renderControl(filter: FilterDef, initial?: FilterEntry) {
  const onChange = vi.fn();
  await renderWithSession(<Harness filter={filter} initial={initial} onChange={onChange} />, makeSession());
  return onChange;
}

const lastEntry = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)![0] as FilterEntry | undefined;
const menuOption = (title: string) =>
  [...document.querySelectorAll('.ant-select-dropdown')].at(-1)!.querySelector(`.ant-select-item-option[title="${title}"]`)!;

describe('FilterControl', { timeout: 40_000 }, () => {
  it('text: contains by default', async () => {
    const onChange = await renderControl({ field: 'title', label: 'Title', widget: 'text' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'pump' } });
    expect(lastEntry(onChange)).toEqual({ operator: 'contains', value: 'pump' });
  });

  it('text builder: chooses the operator, is-null sends the literal null, and "not" negates', async () => {
    const onChange = await renderControl({ field: 'title', label: 'Title', widget: 'textBuilder' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operator for Title' }));
    await waitFor(() => expect(menuOption('Is not set')).toBeTruthy());
    fireEvent.click(menuOption('Is not set'));
    await waitFor(() => expect(lastEntry(onChange)).toEqual({ operator: 'is_null', value: 'null' }));
    // No value to type for is-null.
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not' }));
    expect(lastEntry(onChange)).toEqual({ operator: 'is_null', value: 'null', not: '1' });
  });

  it('number builder: between takes a pair', async () => {
    const onChange = await renderControl(
      { field: 'qty', label: 'Quantity', widget: 'numberBuilder' },
      { operator: 'between', value: ['1', ''] },
    );
    const to = screen.getByRole('spinbutton', { name: 'Quantity to' });
    fireEvent.change(to, { target: { value: '5' } });
    await waitFor(() => expect(lastEntry(onChange)).toEqual({ operator: 'between', value: ['1', '5'] }));
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity from' }).value).toBe('1');
  });

  it('switch: ON filters, OFF is no filter', async () => {
    const onChange = await renderControl({ field: 'active', label: 'Active', widget: 'switch' });
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(lastEntry(onChange)).toEqual({ operator: 'equals', value: '1' });
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(lastEntry(onChange)).toBeUndefined();
  });

  it('multi-valued select: several values with exists_in', async () => {
    const onChange = await renderControl({
      field: 'tags',
      label: 'Tags',
      widget: 'select',
      multiple: true,
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tags' }));
    await waitFor(() => expect(menuOption('Alpha')).toBeTruthy());
    fireEvent.click(menuOption('Alpha'));
    fireEvent.click(menuOption('Beta'));
    await waitFor(() => expect(lastEntry(onChange)).toEqual({ operator: 'exists_in', value: ['a', 'b'] }));
  });

  it('select without options says there are none', async () => {
    await renderControl({ field: 'kind', label: 'Kind', widget: 'select', options: [] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    expect(await screen.findByText('No options')).toBeTruthy();
  });

  it('date range: a quick range is kept by its name, so a saved query stays relative', async () => {
    const onChange = await renderControl({ field: 'created_at', label: 'Created', widget: 'dateRange', presets: ['today', 'last_7_days'] });
    const input = document.querySelector('.ant-picker-range input')!;
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByText('Last 7 days'));
    await waitFor(() => expect(lastEntry(onChange)).toEqual({ operator: 'period', value: 'last_7_days' }));
  });

  it('date range: a named period shows the days it covers today and says it moves', async () => {
    await renderControl({ field: 'created_at', label: 'Created', widget: 'dateRange' }, { operator: 'period', value: 'last_7_days' });
    const [from, to] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((field) => field.value);
    expect([from, to]).toEqual([dayjs().subtract(6, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
    expect(screen.getByText('Last 7 days: counted from today each time the list loads')).toBeTruthy();
  });

  it('date range: days picked by hand stay those days', async () => {
    await renderControl(
      { field: 'created_at', label: 'Created', widget: 'dateRange' },
      { operator: 'between', value: ['2026-01-05', '2026-01-09'] },
    );
    const [from, to] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((field) => field.value);
    expect([from, to]).toEqual(['2026-01-05', '2026-01-09']);
    expect(screen.queryByText(/counted from today/)).toBeNull();
  });
});
