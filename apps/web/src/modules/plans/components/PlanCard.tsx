import { CheckOutlined } from '@ant-design/icons';
import { FREE_TRIAL_DAYS, PLAN_BULLETS, planRank, type Plan, type WorkspacePlan } from '@vigil/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { salesMailto, type BillingPeriod } from '../sales.ts';

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  current: Pick<WorkspacePlan, 'plan' | 'trial_plan' | 'trial_ends_at'> | undefined;
}

export function PlanCard({ plan, period, current }: PlanCardProps) {
  const { t, i18n } = useTranslation(['plans', 'common']);
  const isCurrent = current?.plan === plan;
  const onTrial = current?.trial_plan === plan;
  const planName = t(`common:plans.${plan}`);
  const trialEnds = current?.trial_ends_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(current.trial_ends_at))
    : null;

  const action = () => {
    if (isCurrent) return <Button disabled block>{t('card.current_button')}</Button>;
    if (plan === 'enterprise') {
      return (
        <Button block href={salesMailto(t('contact.plan_subject', { plan: planName }))}>
          {t('card.contact_sales')}
        </Button>
      );
    }
    if (current && planRank(plan) < planRank(current.plan)) return null;
    return (
      <Button type="primary" block href={salesMailto(t('card.trial_subject', { plan: planName }))}>
        {t('card.try_free')}
      </Button>
    );
  };

  return (
    <Card className={isCurrent ? 'plan-card plan-card--current' : 'plan-card'} data-testid={`plan-card-${plan}`}>
      <div className="plan-card__head">
        <Typography.Title level={2} className="plan-card__name">
          {planName}
        </Typography.Title>
        {isCurrent && <Tag color="blue">{t('card.current')}</Tag>}
        {onTrial && <Tag>{trialEnds ? t('card.trial_until', { date: trialEnds }) : t('card.trial')}</Tag>}
      </div>
      <Typography.Paragraph>{t(`tagline.${plan}`)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {plan === 'free' ? t('card.free_billing') : t(`card.billing_${period}`, { days: FREE_TRIAL_DAYS })}
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
