import { describe, expect, it } from 'vitest';
import { dateFormatter } from './dates.ts';

const evening = '2026-11-28T20:30:00Z';

describe('dateFormatter', () => {
  it('shows a moment in the time zone the user chose', () => {
    expect(dateFormatter('en', 'Asia/Tokyo', false).dateTime(evening)).toBe('Nov 29, 2026, 5:30 AM');
    expect(dateFormatter('en', 'America/New_York', false).dateTime(evening)).toBe('Nov 28, 2026, 3:30 PM');
    expect(dateFormatter('en', 'Asia/Tokyo', false).date(evening)).toBe('Nov 29, 2026');
  });

  it('writes it in the reader’s language', () => {
    expect(dateFormatter('fr', 'Europe/Paris', false).dateTime(evening)).toBe('28 nov. 2026, 21:30');
    expect(dateFormatter('de', 'Europe/Berlin', false).date(evening)).toBe('28.11.2026');
  });

  it('falls back to the browser’s zone for an unknown zone instead of failing', () => {
    expect(dateFormatter('en', 'Mars/Olympus', false).dateTime(evening)).toBe(dateFormatter('en', null, false).dateTime(evening));
  });

  it('humanises a recent moment only when the user wants it', () => {
    const now = Date.parse(evening) + 3 * 3_600_000;
    expect(dateFormatter('en', 'UTC', true).when(evening, now)).toBe('3 hours ago');
    expect(dateFormatter('en', 'UTC', false).when(evening, now)).toBe('Nov 28, 2026, 8:30 PM');
    expect(dateFormatter('en', 'UTC', true).when(evening, now + 8 * 86_400_000)).toBe('Nov 28, 2026, 8:30 PM');
  });

  it('shows a wall-clock answer as it was written, whatever the reader’s zone, with the parts its question asks for', () => {
    const tokyo = dateFormatter('en', 'Asia/Tokyo', false);
    expect(tokyo.wallClock('2026-11-28T20:30:00')).toBe('Nov 28, 2026, 8:30 PM');
    expect(tokyo.wallClock('2026-11-28T00:00:00', 'date')).toBe('Nov 28, 2026');
    expect(tokyo.wallClock('2026-11-28T07:05:00', 'time')).toBe('7:05 AM');
    expect(dateFormatter('de', 'America/New_York', false).wallClock('2026-11-28T20:30:00')).toBe('28.11.2026, 20:30');
    expect(tokyo.wallClock('not a date')).toBe('not a date');
  });
});
