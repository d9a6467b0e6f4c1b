import { FEATURE_REQUIRED_PLAN, FREE_TRIAL_DAYS, type PlanFeature } from '@vigil/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Names the locked feature and the plan it needs, and offers the free trial. */
export function FeatureUnavailableText({ feature }: { feature: PlanFeature }) {
  const { t } = useTranslation('common');
  const plan = t(`plans.${FEATURE_REQUIRED_PLAN[feature]}`);
  return (
    <>
      <Typography.Paragraph>{t('feature_gate.requires', { feature: t(`features.${feature}`), plan })}</Typography.Paragraph>
      <Typography.Paragraph>{t('feature_gate.trial', { count: FREE_TRIAL_DAYS })}</Typography.Paragraph>
    </>
  );
}
