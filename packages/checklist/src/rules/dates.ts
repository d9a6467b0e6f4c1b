/**
 * Rule dates: written `YYYY-MM-DDTHH:mm:ss` with no zone (the inspector's wall clock). They are
 * compared as wall-clock milliseconds. `now` is always injected, never read from the system.
 */
import type { RuleDateValue } from '../schema.ts';
import { RULE_DATE_PATTERN, type RelativeDateUnit } from './constants.ts';

/** Wall-clock milliseconds of a rule date, or null if it is not one. */
export function parseRuleDate(text: string): number | null {
  if (!RULE_DATE_PATTERN.test(text)) return null;
  const [date, time] = text.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return ms;
}

/** Formats wall-clock milliseconds as `YYYY-MM-DDTHH:mm:ss`. */
export function formatRuleDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/**
 * An answer's date as wall-clock milliseconds. Accepts the rule format, a date alone
 * (`YYYY-MM-DD`), or an ISO instant with a zone (shifted by `utcOffsetMinutes` to the wall clock).
 */
export function answerDate(value: unknown, utcOffsetMinutes = 0): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ruleDate = parseRuleDate(value.slice(0, 19));
  if (ruleDate !== null && value.length === 19) return ruleDate;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return parseRuleDate(`${value}T00:00:00`);
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  return /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? instant + utcOffsetMinutes * 60_000 : (ruleDate ?? instant);
}

/** Wall-clock "now" from an instant and the inspector's offset from UTC. */
export function wallClock(now: Date, utcOffsetMinutes = 0): number {
  return now.getTime() + utcOffsetMinutes * 60_000;
}

/** Shifts wall-clock milliseconds by an amount of calendar units (months and years by calendar). */
export function shiftDate(ms: number, amount: number, unit: RelativeDateUnit): number {
  const date = new Date(ms);
  switch (unit) {
    case 'minute':
      return ms + amount * 60_000;
    case 'hour':
      return ms + amount * 3_600_000;
    case 'day':
      return ms + amount * 86_400_000;
    case 'week':
      return ms + amount * 7 * 86_400_000;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + amount);
      return date.getTime();
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + amount);
      return date.getTime();
  }
}

/** The current-date function: the inspector's wall-clock now. */
export function currentDate(nowWallClock: number): number {
  return nowWallClock;
}

/** The relative-date function: now shifted by `amount` units (negative for the past). */
export function relativeDate(nowWallClock: number, amount: number, unit: RelativeDateUnit): number {
  return shiftDate(nowWallClock, amount, unit);
}

/** Resolves a rule's date operand (literal, current date or relative date) to wall-clock ms. */
export function resolveRuleDate(value: RuleDateValue | unknown, nowWallClock: number): number | null {
  if (typeof value === 'string') return parseRuleDate(value);
  if (value && typeof value === 'object' && 'fn' in value) {
    const fn = value.fn;
    if (fn === 'current_date') return currentDate(nowWallClock);
    if (fn === 'relative_date') {
      const { amount, unit } = value as unknown as { amount: number; unit: RelativeDateUnit };
      return relativeDate(nowWallClock, amount, unit);
    }
  }
  return null;
}
