import { describe, expect, it } from 'vitest';
import { datePresetRange, filterValueMatches, isDateRangePreset, isFilterDate, isFilterDayCount, type FilterValueKind } from './list.ts';

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

describe('filter value checks', () => {
  it.each<[FilterValueKind, string, boolean]>([
    ['number', '-12.5', true],
    ['number', '1e5', false],
    ['number', '1 or 1=1', false],
    ['integer', '42', true],
    ['integer', '1.5', false],
    ['integer', '1234567890123456789', false],
    ['uuid', '0b4c3a2e-8f1d-4c5b-9a7e-6d2f1e0c9b8a', true],
    ['uuid', "x' or '1'='1", false],
    ['date', '2024-02-29', true],
    ['date', '2024-03-01T08:30:00+02:00', true],
    ['date', '2023-02-30T25:00', false],
    ['date', 'yesterday', false],
    ['text', "anything'; drop table users; --", true],
  ])('%s accepts %j: %s', (kind, value, expected) => {
    expect(filterValueMatches(kind, value)).toBe(expected);
  });

  it('takes only real dates and whole day counts', () => {
    expect(isFilterDate('2024-13-01')).toBe(false);
    expect(isFilterDate('2024-12-01')).toBe(true);
    expect(isFilterDayCount('30')).toBe(true);
    expect(isFilterDayCount('-1')).toBe(false);
    expect(isFilterDayCount('123456')).toBe(false);
  });
});
