const DAY_MS = 86_400_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * A moment as the person likes to read it (spec 3 §9): humanised, within 7 days a relative
 * time ("3 hours ago"), otherwise (or when humanised dates are off) the formatted date and time.
 */
export function formatWhen(iso: string, language: string, humanize: boolean, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const elapsed = at - now;
  if (humanize && Math.abs(elapsed) < 7 * DAY_MS) {
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    for (const [unit, size] of UNITS) if (Math.abs(elapsed) >= size) return relative.format(Math.trunc(elapsed / size), unit);
    return relative.format(0, 'minute');
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
