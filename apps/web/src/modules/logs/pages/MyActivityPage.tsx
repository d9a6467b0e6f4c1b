import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityLogTable } from '../components/ActivityLogTable.tsx';

/** `/log/activity-log`: what the signed-in person did (LOG_VIEW_MY_ACTIVITY). */
export function MyActivityPage() {
  const { t } = useTranslation('logs');
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('mine.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mine.intro')}</Typography.Paragraph>
      <ActivityLogTable scope="mine" />
    </div>
  );
}
