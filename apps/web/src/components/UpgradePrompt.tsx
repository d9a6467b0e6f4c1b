import { LockOutlined } from '@ant-design/icons';
import type { PlanFeature } from '@vigil/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLANS_PATH } from '../lib/paths.ts';
import { FeatureUnavailableText } from './FeatureUnavailableText.tsx';

interface UpgradePromptProps {
  feature: PlanFeature;
  /** In place of a whole page: the title is the page's heading. */
  page?: boolean;
}

/** In place of a screen or block the plan does not include. */
export function UpgradePrompt({ feature, page = false }: UpgradePromptProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      icon={<LockOutlined />}
      title={page ? <h1 className="result-title">{t('feature_gate.title')}</h1> : t('feature_gate.title')}
      subTitle={<FeatureUnavailableText feature={feature} />}
      extra={[
        <Button key="trial" type="primary" onClick={() => navigate(PLANS_PATH)}>
          {t('feature_gate.try_free')}
        </Button>,
        <Link key="plans" to={PLANS_PATH}>
          {t('feature_gate.compare_plans')}
        </Link>,
      ]}
    />
  );
}
