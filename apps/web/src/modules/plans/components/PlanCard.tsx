import { CheckOutlined } from '@ant-design/icons';
import { FREE_TRIAL_DAYS, PLAN_BULLETS, planRank, trialDaysLeft, type Plan, type WorkspacePlan } from '@vigil/contracts';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFreeTrial } from '../../../components/useFreeTrial.ts';
import { salesMailto, type BillingPeriod } from '../sales.ts';

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  current: Pick<WorkspacePlan, 'plan' | 'trial_plan' | 'trial_ends_at'> | undefined;
}

export function PlanCard({ plan, period, current }: PlanCardProps) {
  const { t } = useTranslation(['plans', 'common']);
  const trial = useFreeTrial();
  const isCurrent = current?.plan === plan;
  const daysLeft = current?.trial_plan === plan ? trialDaysLeft(current.trial_ends_at) : 0;
  const onTrial = daysLeft > 0;
  const planName = t(`common:plans.${plan}`);

  const tryFree = () => {
    if (onTrial || !current || planRank(plan) <= planRank(current.plan)) return null;
    if (trial.canStart(plan)) {
      return (
        <Button type="primary" block onClick={() => void trial.start(plan)}>
          {t('card.try_free')}
        </Button>
      );
    }
    // The one trial is used, or only an administrator may start it: say why instead.
    return (
      <Tooltip title={trial.used ? t('trial.used') : t('trial.admin_only')}>
        <Button type="primary" block disabled>
          {t('card.try_free')}
        </Button>
      </Tooltip>
    );
  };

  const action = () => {
    if (isCurrent)
      return (
        <Button disabled block>
          {t('card.current_button')}
        </Button>
      );
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {tryFree()}
        {onTrial && trial.canEdit ? (
          <Button block danger onClick={() => void trial.cancel(plan)}>
            {t('card.cancel_trial')}
          </Button>
        ) : null}
        {plan === 'enterprise' ? (
          <Button block href={salesMailto(t('contact.plan_subject', { plan: planName }))}>
            {t('card.contact_sales')}
          </Button>
        ) : null}
      </Space>
    );
  };

  return (
    <Card className={isCurrent ? 'plan-card plan-card--current' : 'plan-card'} data-testid={`plan-card-${plan}`}>
      <div className="plan-card__head">
        <Typography.Title level={2} className="plan-card__name">
          {planName}
        </Typography.Title>
        {isCurrent && <Tag color="blue">{t('card.current')}</Tag>}
        {onTrial && <Tag color="gold">{t('card.trial_days_left', { count: daysLeft })}</Tag>}
      </div>
      <Typography.Paragraph>{t(`tagline.${plan}`)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {plan === 'free' ? t('card.free_billing') : t(`card.billing_${period}`, { count: FREE_TRIAL_DAYS })}
      </Typography.Paragraph>
      <ul className="plan-card__bullets">
        {PLAN_BULLETS[plan].map((bullet) => (
          <li key={bullet}>
            <CheckOutlined aria-hidden /> {t(`bullets.${bullet}`)}
          </li>
        ))}
      </ul>
      {action()}
    </Card>
  );
}
