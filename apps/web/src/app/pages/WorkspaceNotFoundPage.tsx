import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../lib/paths.ts';

/** A workspace that is not ready yet: wait a few minutes after creating it, then retry (spec 1 §2). */
export function WorkspaceNotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="info"
      title={<h1 className="result-title">{t('workspace_not_found.title')}</h1>}
      subTitle={t('workspace_not_found.text')}
      extra={
        <Button type="primary" onClick={() => window.location.assign(HOME_PATH)}>
          {t('workspace_not_found.retry')}
        </Button>
      }
    />
  );
}
