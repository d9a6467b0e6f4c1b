import type { TFunction } from 'i18next';
import type { DateFormatter } from '../../../../lib/dates.ts';
import { formatPoints } from './answer-values.ts';

/**
 * The wording every answer row repeats, translated once per report rather than once per row: a
 * thousand rows say "Failed", "0 / 1 points" and "Answered by … · …" with a handful of texts.
 */
export interface RowText {
  failed: string;
  note: string;
  noAnswer: string;
  carriedOver: string;
  points: (score: number, max: number) => string;
  /** Who answered and when ("Answered by Ada · Dec 1, 2026, 8:00 AM"); null when neither is known. */
  answeredBy: (name: string | null | undefined, at: string | null | undefined) => string | null;
}

export function rowText(t: TFunction<'inspections'>, dates: DateFormatter): RowText {
  const points = new Map<string, string>();
  const answered = new Map<string, string | null>();
  return {
    failed: t('report.failed'),
    note: t('report.note'),
    noAnswer: t('report.no_answer'),
    carriedOver: t('report.carried_over'),
    points: (score, max) => {
      const key = `${score}/${max}`;
      let text = points.get(key);
      if (text === undefined) {
        text = t('report.points', { score: formatPoints(score, dates.language), max: formatPoints(max, dates.language) });
        points.set(key, text);
      }
      return text;
    },
    answeredBy: (name, at) => {
      const key = `${name ?? ''}\u0000${at ?? ''}`;
      let text = answered.get(key);
      if (text === undefined) {
        text =
          name && at
            ? t('report.answered_by', { name, date: dates.dateTime(at) })
            : name
              ? t('report.answered_by_name', { name })
              : at
                ? t('report.answered_at', { date: dates.dateTime(at) })
                : null;
        answered.set(key, text);
      }
      return text;
    },
  };
}
