import type { Total } from '@vigil/checklist';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A score total as a percentage; nothing when nothing is scored. */
export function ScoreTag({ total, testId }: { total: Total; testId: string }) {
  const { t, i18n } = useTranslation('builder-preview');
  if (total.percentage === null) return null;
  const percentage = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(total.percentage);
  return (
    <Tag color="blue" data-testid={testId}>
      {t('score', { percentage, score: total.score, max: total.max })}
    </Tag>
  );
}
