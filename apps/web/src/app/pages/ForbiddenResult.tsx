import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/paths.ts';

export function ForbiddenResult() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<h1 className="result-title">{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('back_home')}
        </Button>
      }
    />
  );
}
