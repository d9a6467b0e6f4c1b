import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { ImportResult, type ImportRowReport } from './ImportResult.tsx';

vi.setConfig({ testTimeout: 30_000 });

const row = (n: number, title: string, errors: string[] = []): ImportRowReport => ({
  row: n,
  values: { page: 'Arrival', section: '', title, type: 'textAnswer', required: 'yes', options: '' },
  errors,
});

const ROWS = [
  row(2, 'Site name'),
  row(3, '', ['Field is required']),
  row(4, 'Pump state'),
  row(5, 'Colour', ['Type not supported', 'Duplicate row in the file']),
];

const shownRowNumbers = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[0]?.textContent);

describe('ImportResult', () => {
  it('counts the failing rows, lists their numbers and errors, and shows every row when the switch is off', async () => {
    await renderWithSession(<ImportResult errorCount={2} rows={ROWS} />, makeSession());
    expect(screen.getByRole('alert').textContent).toContain('2 of 4 rows have errors');
    const toggle = screen.getByRole('switch', { name: 'Show rows with errors only' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(shownRowNumbers()).toEqual(['3', '5']);
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(screen.getByText('Type not supported')).toBeTruthy();
    expect(screen.getByText('Duplicate row in the file')).toBeTruthy();

    fireEvent.click(toggle);
    expect(shownRowNumbers()).toEqual(['2', '3', '4', '5']);
    expect(screen.getAllByText('OK')).toHaveLength(2);
    expect(screen.getByText('Pump state')).toBeTruthy();
  });
});
