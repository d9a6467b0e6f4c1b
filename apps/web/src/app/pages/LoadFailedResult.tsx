import { WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainLayout } from '../../components/PlainLayout.tsx';

/**
 * The page could not load (no answer, server error or a missing code chunk). Built without antd's Result and
 * Typography: Result carries three status illustrations (30 KB) into the first page load, and this page must load
 * with it, since a lazily loaded one would fail along with the chunk it reports.
 */
export function LoadFailedResult({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <PlainLayout>
      <main className="centered-page">
        <Flex vertical align="center" gap="middle" className="load-failed">
          <WarningFilled className="load-failed-icon" style={{ color: token.colorWarning }} aria-hidden />
          <h1 className="load-failed-title" style={{ color: token.colorTextHeading }}>
            {t('load_failed.title')}
          </h1>
          <p style={{ color: token.colorTextSecondary }}>{t('load_failed.text')}</p>
          <Button type="primary" onClick={onRetry}>
            {t('load_failed.retry')}
          </Button>
        </Flex>
      </main>
    </PlainLayout>
  );
}
