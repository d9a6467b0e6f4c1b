import type { Total } from '@vigil/checklist';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

interface ScoreTagProps {
  total: Total;
  testId: string;
  /** Also shows the points the percentage is made of ("Total 3 of 4 points"), under this test id. */
  pointsTestId?: string;
}

const formats = new Map<string, Intl.NumberFormat>();

/** Points or a percentage in the interface language's digits, to a tenth (weights make fractions); one formatter per language. */
export function formatScore(points: number, language: string): string {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })));
  return format.format(points);
}

/** Whether two totals show the same figures. */
export const sameTotal = (a: Total, b: Total) => a.percentage === b.percentage && a.score === b.score && a.max === b.max;

/**
 * A score total as a percentage (and its points); nothing when nothing is scored. Renders again only
 * when the figures change: the evaluator hands out a new total object on every answer. Drawn as antd's
 * tag is (`.checklist-tag`, coloured by the renderer's theme variables) without its component, which
 * costs a style hash on every render of a score that moves with each answer.
 */
export const ScoreTag = memo(
  function ScoreTag({ total, testId, pointsTestId }: ScoreTagProps) {
    const { t, i18n } = useTranslation('checklist-renderer');
    if (total.percentage === null) return null;
    return (
      <>
        <span className="checklist-tag checklist-tag-score" data-testid={testId}>
          {t('score', { percentage: formatScore(total.percentage, i18n.language), score: total.score, max: total.max })}
        </span>
        {pointsTestId && (
          <span className="checklist-tag" data-testid={pointsTestId}>
            {t('total_points', { score: formatScore(total.score, i18n.language), max: formatScore(total.max, i18n.language) })}
          </span>
        )}
      </>
    );
  },
  (before, after) => sameTotal(before.total, after.total) && before.testId === after.testId && before.pointsTestId === after.pointsTestId,
);
