import type { Total } from '@vigil/checklist';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface ScoreTagProps {
  total: Total;
  testId: string;
  /** Also shows the points the percentage is made of ("Total 3 of 4 points"), under this test id. */
  pointsTestId?: string;
}

/** A score total as a percentage (and its points); nothing when nothing is scored. */
export function ScoreTag({ total, testId, pointsTestId }: ScoreTagProps) {
  const { t, i18n } = useTranslation('builder-preview');
  if (total.percentage === null) return null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <>
      <Tag color="blue" data-testid={testId}>
        {t('score', { percentage: number.format(total.percentage), score: total.score, max: total.max })}
      </Tag>
      {pointsTestId && (
        <Tag data-testid={pointsTestId}>{t('total_points', { score: number.format(total.score), max: number.format(total.max) })}</Tag>
      )}
    </>
  );
}
