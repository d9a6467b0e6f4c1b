import type { Total } from '@vigil/checklist';
import { Tag } from 'antd';
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

/** A score total as a percentage (and its points); nothing when nothing is scored. */
export function ScoreTag({ total, testId, pointsTestId }: ScoreTagProps) {
  const { t, i18n } = useTranslation('checklist-renderer');
  if (total.percentage === null) return null;
  return (
    <>
      <Tag color="blue" data-testid={testId}>
        {t('score', { percentage: formatScore(total.percentage, i18n.language), score: total.score, max: total.max })}
      </Tag>
      {pointsTestId && (
        <Tag data-testid={pointsTestId}>
          {t('total_points', { score: formatScore(total.score, i18n.language), max: formatScore(total.max, i18n.language) })}
        </Tag>
      )}
    </>
  );
}
