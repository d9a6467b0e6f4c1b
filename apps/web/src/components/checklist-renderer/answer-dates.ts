import type { Item } from '@vigil/checklist';

/**
 * The renderer's date inputs and the domain's wall-clock answers (`YYYY-MM-DDTHH:mm:ss`, never a time
 * zone). A question shaped without a date part takes it from the day it is answered (a time alone is
 * today at that time); one without a time part is at midnight; a year alone is its 1 January, a month
 * its first day.
 */
export type DateInputKind = 'datetime-local' | 'date' | 'time';

/**
 * The shapes of spec 2's `date_time_shape`, as the renderer asks for them: `datetime` (year, month,
 * day, hour, minute), `date`, `time` (hour and minute), `year`, `year_month`, `month_day` (this year),
 * `day_time` (a day of this month and a time).
 */
export type DateShape = 'datetime' | 'date' | 'time' | 'year' | 'year_month' | 'month_day' | 'day_time';

const SHAPES: Readonly<Record<string, DateShape>> = {
  hour_minute: 'time',
  year: 'year',
  year_month: 'year_month',
  month_day: 'month_day',
  year_month_day: 'date',
  day_hour_minute: 'day_time',
};

/** The shape of a date question: its `date_time_shape`, or for the default one the older `date` and `time` flags. */
export function dateShapeOf(item: Pick<Item, 'options'>): DateShape {
  const shape = item.options.date_time_shape;
  const named = shape ? SHAPES[shape] : undefined;
  if (named) return named;
  if (item.options.date === true && item.options.time === false) return 'date';
  if (item.options.date === false && item.options.time === true) return 'time';
  return 'datetime';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock text of a local date (what the inspector's device shows). */
export function wallClockOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A full wall-clock text cut down to what `shape` asks for, the rest filled as the shape says. */
export function fitToShape(text: string, shape: DateShape): string {
  const date = text.slice(0, 10);
  switch (shape) {
    case 'year':
      return `${text.slice(0, 4)}-01-01T00:00:00`;
    case 'year_month':
      return `${text.slice(0, 7)}-01T00:00:00`;
    case 'date':
    case 'month_day':
      return `${date}T00:00:00`;
    case 'time':
    case 'day_time':
      return `${text.slice(0, 16)}:00`;
    case 'datetime':
      return text.slice(0, 19);
  }
}

export function toDateInput(value: unknown, kind: DateInputKind): string {
  if (typeof value !== 'string' || value.length < 10) return '';
  if (kind === 'date') return value.slice(0, 10);
  if (kind === 'time') return value.slice(11, 19);
  return value.slice(0, 19);
}

export function fromDateInput(text: string, kind: DateInputKind, today: Date): string | null {
  if (text === '') return null;
  const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time.slice(0, 8));
  if (kind === 'date') return `${text}T00:00:00`;
  if (kind === 'time') return `${wallClockOf(today).slice(0, 10)}T${seconds(text)}`;
  const [date, time = '00:00'] = text.split('T');
  return `${date}T${seconds(time)}`;
}

/** The days of a month (1-12) in a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/** A wall-clock answer from its parts; null when the day does not exist in that month. */
export function fromParts(parts: { year: number; month: number; day: number; time?: string }): string | null {
  const { year, month, day, time = '00:00:00' } = parts;
  if (!Number.isInteger(year) || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null;
  const clock = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${clock}`;
}
