import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './session.ts';

const DAY_MS = 86_400_000;
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** Moments as one reader reads them: in their language and their time zone. */
export interface DateFormatter {
  language: string;
  /** "28 Nov 2026" */
  date: (value: string | Date) => string;
  /** "28 Nov 2026, 14:05" */
  dateTime: (value: string | Date) => string;
  /**
   * A moment as the person likes to read it (spec 3 §9): humanised, within 7 days a relative time
   * ("3 hours ago"), otherwise (or when humanised dates are off) the date and time.
   */
  when: (value: string | Date, now?: number) => string;
  /**
   * A wall-clock answer (`YYYY-MM-DDTHH:mm:ss`, no time zone: as the inspector's device showed it) in the
   * language, with the parts its question asks for; never moved to another time zone. The text itself
   * when it is not a wall clock.
   */
  wallClock: (value: string, parts?: WallClockParts) => string;
}

/** Which parts of a wall clock a question shows (its date and time shape). */
export type WallClockParts = 'datetime' | 'date' | 'time' | 'year' | 'year_month' | 'month_day' | 'day_time';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

const WALL_CLOCK_FIELDS: Record<WallClockParts, Intl.DateTimeFormatOptions> = {
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  year: { year: 'numeric' },
  year_month: { year: 'numeric', month: 'long' },
  month_day: { month: 'long', day: 'numeric' },
  day_time: { day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/** The zone if this browser knows it, else the browser's own (an unknown zone must not break a screen). */
function knownTimeZone(timeZone: string | null): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** Made on first use: the first formats of a language cost a phone tens of milliseconds, and a screen may need none. */
function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function dateFormatter(language: string, timeZone: string | null, humanize: boolean): DateFormatter {
  const zone = onFirstUse(() => knownTimeZone(timeZone));
  const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: zone() }));
  const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone() }));
  const relative = onFirstUse(() => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  const dateTime = (value: string | Date) => dateTimeFormat().format(new Date(value));
  const wallClockFormats = new Map<WallClockParts, Intl.DateTimeFormat>();
  const wallClock = (value: string, parts: WallClockParts = 'datetime') => {
    const match = WALL_CLOCK.exec(value);
    if (!match) return value;
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
    let format = wallClockFormats.get(parts);
    // Read in UTC on both sides: the wall clock is shown as it was written, whatever the reader's zone.
    if (!format)
      wallClockFormats.set(parts, (format = new Intl.DateTimeFormat(language, { ...WALL_CLOCK_FIELDS[parts], timeZone: 'UTC' })));
    return format.format(Date.UTC(year, month - 1, day, hour, minute, second));
  };
  return {
    language,
    date: (value) => dateFormat().format(new Date(value)),
    dateTime,
    when: (value, now = Date.now()) => {
      const elapsed = new Date(value).getTime() - now;
      if (!humanize || Math.abs(elapsed) >= 7 * DAY_MS) return dateTime(value);
      for (const [unit, size] of RELATIVE_UNITS) if (Math.abs(elapsed) >= size) return relative().format(Math.trunc(elapsed / size), unit);
      return relative().format(0, 'minute');
    },
    wallClock,
  };
}

/**
 * The one date formatter of the screens: the interface language, the time zone of the user's
 * preferences (the browser's when they chose none) and their choice of humanised dates.
 */
export function useDateFormat(): DateFormatter {
  const { i18n } = useTranslation();
  const user = useSession()?.userData;
  const timeZone = user?.tz_code ?? null;
  const humanize = user?.preferences.humanize_dates !== false;
  return useMemo(() => dateFormatter(i18n.language, timeZone, humanize), [i18n.language, timeZone, humanize]);
}
