import type { InspectionDetail } from '@vigil/contracts';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  inspection: InspectionDetail;
  backTo: string;
  onShowAnswers: () => void;
}

/** What a finished inspection came to: its score and failed items, and the way back to the list. */
export function CompletionView({ inspection, backTo, onShowAnswers }: Props) {
  const { t, i18n } = useTranslation('inspections');
  const navigate = useNavigate();
  const score =
    inspection.score === null ? null : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(inspection.score);
  return (
    <Result
      status="success"
      className="inspection-completed"
      title={<h2 className="result-title">{t('completed.title')}</h2>}
      subTitle={
        <Space orientation="vertical" size={2} data-testid="inspection-result">
          <span>{score === null ? t('completed.not_scored') : t('completed.score', { score })}</span>
          <span>{t('completed.failed', { count: inspection.failed_count })}</span>
        </Space>
      }
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" onClick={() => void navigate(backTo)}>
            {t('completed.back')}
          </Button>
          <Button onClick={onShowAnswers}>{t('completed.show_answers')}</Button>
        </Space>
      }
    />
  );
}
