import { describe, expect, it } from 'vitest';
import { fromDateInput, toDateInput } from './answer-dates.ts';

describe('answer dates', () => {
  const today = new Date(2026, 10, 22, 9, 30);

  it('turns native input values into wall-clock answers', () => {
    expect(fromDateInput('2026-11-22T08:05', 'datetime-local', today)).toBe('2026-11-22T08:05:00');
    expect(fromDateInput('2026-11-22T08:05:09', 'datetime-local', today)).toBe('2026-11-22T08:05:09');
    expect(fromDateInput('2026-11-22', 'date', today)).toBe('2026-11-22T00:00:00');
    expect(fromDateInput('17:45', 'time', today)).toBe('2026-11-22T17:45:00');
    expect(fromDateInput('', 'date', today)).toBeNull();
  });

  it('shows answers in the native inputs', () => {
    expect(toDateInput('2026-11-22T08:05:09', 'datetime-local')).toBe('2026-11-22T08:05:09');
    expect(toDateInput('2026-11-22T08:05:09', 'date')).toBe('2026-11-22');
    expect(toDateInput('2026-11-22T08:05:09', 'time')).toBe('08:05:09');
    expect(toDateInput(null, 'date')).toBe('');
  });
});
