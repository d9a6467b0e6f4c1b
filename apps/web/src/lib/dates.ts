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
}

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

export function dateFormatter(language: string, timeZone: string | null, humanize: boolean): DateFormatter {
  const zone = knownTimeZone(timeZone);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: zone });
  const dateTimeFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const dateTime = (value: string | Date) => dateTimeFormat.format(new Date(value));
  return {
    language,
    date: (value) => dateFormat.format(new Date(value)),
    dateTime,
    when: (value, now = Date.now()) => {
      const elapsed = new Date(value).getTime() - now;
      if (!humanize || Math.abs(elapsed) >= 7 * DAY_MS) return dateTime(value);
      for (const [unit, size] of RELATIVE_UNITS) if (Math.abs(elapsed) >= size) return relative.format(Math.trunc(elapsed / size), unit);
      return relative.format(0, 'minute');
    },
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
