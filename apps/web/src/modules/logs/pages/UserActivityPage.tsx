import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityLogTable } from '../components/ActivityLogTable.tsx';

/** `/log/user-activity-log`: what anyone in the workspace did (LOG_VIEW_USER_ACTIVITY). */
export function UserActivityPage() {
  const { t } = useTranslation('logs');
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('users.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('users.intro')}</Typography.Paragraph>
      <ActivityLogTable scope="users" />
    </div>
  );
}
