import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/paths.ts';
import { useRouteMeta } from '../useRouteMeta.ts';

/** The shared placeholder of screens whose module is not built yet. */
export function ComingSoonPage() {
  const { t } = useTranslation('shell');
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return (
    <Result
      icon={<ToolOutlined />}
      title={<h1 className="result-title">{meta ? t(`routes.${meta.id}`) : t('coming_soon.title')}</h1>}
      subTitle={t('coming_soon.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('back_home')}
        </Button>
      }
    />
  );
}
