import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/paths.ts';

/** `/error` and unknown paths: page not found, back to home (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('not_found.title')}</h1>}
      subTitle={t('not_found.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('back_home')}
        </Button>
      }
    />
  );
}
