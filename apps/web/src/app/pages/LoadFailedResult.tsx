import { Button, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page could not load (no answer, server error or a missing code chunk). */
export function LoadFailedResult({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Layout className="full-height">
      <main className="centered-page">
        <Result
          status="warning"
          title={<h1 className="result-title">{t('load_failed.title')}</h1>}
          subTitle={t('load_failed.text')}
          extra={
            <Button type="primary" onClick={onRetry}>
              {t('load_failed.retry')}
            </Button>
          }
        />
      </main>
    </Layout>
  );
}
