import { LockOutlined } from '@ant-design/icons';
import { FEATURE_REQUIRED_PLAN, type PlanFeature } from '@vigil/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PLANS_PATH } from '../lib/paths.ts';
import { useFreeTrial } from './useFreeTrial.ts';
import { FeatureUnavailableText } from './FeatureUnavailableText.tsx';

interface UpgradePromptProps {
  feature: PlanFeature;
  /** In place of a whole page: the title is the page's heading. */
  page?: boolean;
}

/** In place of a screen or block the plan does not include; "try for free" starts the trial of the plan that has it when possible. */
export function UpgradePrompt({ feature, page = false }: UpgradePromptProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const trial = useFreeTrial();
  const required = FEATURE_REQUIRED_PLAN[feature];
  const tryFree = () => (trial.canStart(required) ? void trial.start(required) : void navigate(PLANS_PATH));
  return (
    <Result
      icon={<LockOutlined />}
      title={page ? <h1 className="result-title">{t('feature_gate.title')}</h1> : t('feature_gate.title')}
      subTitle={<FeatureUnavailableText feature={feature} />}
      extra={[
        <Button key="trial" type="primary" onClick={tryFree}>
          {t('feature_gate.try_free')}
        </Button>,
        <Link key="plans" to={PLANS_PATH}>
          {t('feature_gate.compare_plans')}
        </Link>,
      ]}
    />
  );
}
