import { describe, expect, it } from 'vitest';
import { datePresetRange, isDateRangePreset } from './list.ts';

describe('datePresetRange', () => {
  it.each([
    ['today', '2026-03-15', '2026-03-15'],
    ['yesterday', '2026-03-14', '2026-03-14'],
    ['this_week', '2026-03-09', '2026-03-15'],
    ['last_7_days', '2026-03-09', '2026-03-15'],
    ['last_30_days', '2026-02-14', '2026-03-15'],
    ['this_month', '2026-03-01', '2026-03-15'],
    ['last_month', '2026-02-01', '2026-02-28'],
    ['last_3_months', '2025-12-15', '2026-03-15'],
    ['last_6_months', '2025-09-15', '2026-03-15'],
    ['last_year', '2025-03-15', '2026-03-15'],
  ] as const)('%s, seen on Sunday 15 March 2026', (preset, from, to) => {
    expect(datePresetRange(preset, '2026-03-15')).toEqual([from, to]);
  });

  it('starts a week on Monday, and a Monday is its own week’s start', () => {
    expect(datePresetRange('this_week', '2026-03-16')).toEqual(['2026-03-16', '2026-03-16']);
  });

  it('lands on the month’s last day when the month is shorter, and crosses years', () => {
    expect(datePresetRange('last_3_months', '2026-05-31')).toEqual(['2026-02-28', '2026-05-31']);
    expect(datePresetRange('last_year', '2028-02-29')).toEqual(['2027-02-28', '2028-02-29']);
    expect(datePresetRange('last_month', '2026-01-10')).toEqual(['2025-12-01', '2025-12-31']);
    expect(datePresetRange('yesterday', '2026-01-01')).toEqual(['2025-12-31', '2025-12-31']);
  });

  it('knows its presets', () => {
    expect(isDateRangePreset('last_7_days')).toBe(true);
    expect(isDateRangePreset('last_8_days')).toBe(false);
    expect(isDateRangePreset(undefined)).toBe(false);
  });
});
