import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysInMonth, fitToShape, fromDateInput, fromParts, wallClockOf, type DateShape, dateShapeOf } from '../answer-dates.ts';
import type { ControlProps } from '../control-props.ts';
import { typedNumber } from './typed-number.ts';

interface Parts {
  year: number;
  month: number;
  day: number;
  time: string;
}

/** The answer's parts, or today's (the parts a shape does not ask for come from the day it is answered). */
function partsOf(value: unknown, now: Date): Parts {
  const text = typeof value === 'string' && value.length >= 19 ? value : wallClockOf(now);
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)), day: Number(text.slice(8, 10)), time: text.slice(11, 19) };
}

const hasValue = (value: unknown): value is string => typeof value === 'string' && value.length >= 19;

/**
 * A date or time question in each `date_time_shape`: date and time, date, time, a year, a year and
 * month, a month and day (this year), a day (this month) and time. The answer is always a wall clock
 * `YYYY-MM-DDTHH:mm:ss`; a "future" or "prior" question limits the pickers to dates after or before today.
 */
export function DateControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { t, i18n } = useTranslation('checklist-renderer');
  const shape: DateShape = dateShapeOf(item);
  const now = new Date();
  const today = wallClockOf(now);
  const parts = partsOf(value, now);
  const emit = (next: string | null) => onChange(next === null ? null : fitToShape(next, shape));
  const bounds = (length: number) => ({
    min: item.options.future_date === true ? today.slice(0, length) : undefined,
    max: item.options.prior_date === true ? today.slice(0, length) : undefined,
  });
  const native = { className: 'checklist-input', 'aria-labelledby': labelId, disabled };

  switch (shape) {
    case 'datetime':
      return (
        <input
          {...native}
          type="datetime-local"
          step={60}
          {...bounds(16)}
          value={hasValue(value) ? value.slice(0, 16) : ''}
          onChange={(event) => emit(fromDateInput(event.target.value, 'datetime-local', now))}
        />
      );
    case 'date':
      return (
        <input
          {...native}
          type="date"
          {...bounds(10)}
          value={hasValue(value) ? value.slice(0, 10) : ''}
          onChange={(event) => emit(fromDateInput(event.target.value, 'date', now))}
        />
      );
    case 'time':
      return (
        <input
          {...native}
          type="time"
          step={60}
          value={hasValue(value) ? value.slice(11, 16) : ''}
          onChange={(event) => emit(fromDateInput(event.target.value, 'time', now))}
        />
      );
    case 'year_month':
      return (
        <input
          {...native}
          type="month"
          placeholder="YYYY-MM"
          {...bounds(7)}
          value={hasValue(value) ? value.slice(0, 7) : ''}
          onChange={(event) => {
            const text = event.target.value;
            if (text === '') return emit(null);
            if (/^\d{4}-\d{2}$/.test(text)) emit(fromParts({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)), day: 1 }));
          }}
        />
      );
    case 'year':
      return (
        <input
          {...native}
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          step={1}
          value={hasValue(value) ? parts.year : ''}
          onChange={(event) => {
            const year = typedNumber(event.target);
            if (year === null) emit(null);
            else if (year !== undefined && Number.isInteger(year) && year >= 1 && year <= 9999) emit(fromParts({ year, month: 1, day: 1 }));
          }}
        />
      );
    case 'month_day':
    case 'day_time': {
      const months = Array.from({ length: 12 }, (_, index) => ({
        value: index + 1,
        label: new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, index, 1)),
      }));
      const days = Array.from({ length: daysInMonth(parts.year, parts.month) }, (_, index) => ({
        value: index + 1,
        label: String(index + 1),
      }));
      const set = (patch: Partial<Parts>) => {
        const next = { ...parts, ...patch };
        next.day = Math.min(next.day, daysInMonth(next.year, next.month));
        emit(fromParts(next));
      };
      return (
        <div className="checklist-date-parts" role="group" aria-labelledby={labelId}>
          {shape === 'month_day' && (
            <Select
              aria-label={t('date.month')}
              disabled={disabled}
              value={hasValue(value) ? parts.month : undefined}
              placeholder={t('date.month')}
              options={months}
              onChange={(month: number) => set({ month })}
            />
          )}
          <Select
            aria-label={t('date.day')}
            disabled={disabled}
            value={hasValue(value) ? parts.day : undefined}
            placeholder={t('date.day')}
            options={days}
            onChange={(day: number) => set({ day })}
          />
          {shape === 'day_time' && (
            <input
              {...native}
              aria-labelledby={undefined}
              aria-label={t('date.time')}
              type="time"
              step={60}
              value={hasValue(value) ? value.slice(11, 16) : ''}
              onChange={(event) => (event.target.value === '' ? emit(null) : set({ time: event.target.value }))}
            />
          )}
          {hasValue(value) && !disabled && (
            <button type="button" className="checklist-link-button" onClick={() => emit(null)}>
              {t('date.clear')}
            </button>
          )}
        </div>
      );
    }
  }
}
