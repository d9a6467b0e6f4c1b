import '../plans.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { FREE_TRIAL_DAYS, PLANS } from '@vigil/contracts';
import { Col, Row, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useWorkspacePlan } from '../api.ts';
import { ComparePlansTable } from '../components/ComparePlansTable.tsx';
import { PlanCard } from '../components/PlanCard.tsx';
import { salesMailto, type BillingPeriod } from '../sales.ts';

/** `/workspace/settings/plans` (blank layout): billing toggle, plan cards, comparison, contact sales. */
export function PlansPage() {
  const { t } = useTranslation('plans');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const workspace = useSession()?.workspace;
  const current = useWorkspacePlan().data ?? workspace;

  return (
    <div className="plans-page">
      <Link to={HOME_PATH}>
        <ArrowLeftOutlined className="plans-page__back-icon" aria-hidden /> {t('back')}
      </Link>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Typography.Paragraph>{t('intro', { count: FREE_TRIAL_DAYS })}</Typography.Paragraph>
      <Segmented<BillingPeriod>
        aria-label={t('billing.label')}
        value={period}
        onChange={setPeriod}
        options={[
          { value: 'monthly', label: t('billing.monthly') },
          { value: 'annual', label: t('billing.annual') },
        ]}
      />
      <Row gutter={[16, 16]} className="plans-page__cards">
        {PLANS.map((plan) => (
          <Col key={plan} xs={24} md={12} xl={6}>
            <PlanCard plan={plan} period={period} current={current} />
          </Col>
        ))}
      </Row>
      <Typography.Title level={2} id="compare">
        {t('compare.title')}
      </Typography.Title>
      <ComparePlansTable currentPlan={current?.plan} />
      <Typography.Paragraph className="plans-page__contact">
        {t('contact.text')} <a href={salesMailto(t('contact.subject'))}>{t('contact.link')}</a>
      </Typography.Paragraph>
    </div>
  );
}
