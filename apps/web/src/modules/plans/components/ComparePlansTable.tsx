import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { PLAN_FEATURES, PLANS, planIncludes, type Plan, type PlanFeature } from '@vigil/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

/** One row per plan feature, one column per plan, from FEATURE_REQUIRED_PLAN. */
export function ComparePlansTable({ currentPlan }: { currentPlan: Plan | undefined }) {
  const { t } = useTranslation(['plans', 'common']);
  const columns: TableColumnsType<{ feature: PlanFeature }> = [
    { key: 'feature', title: t('compare.feature'), render: (_, row) => t(`common:features.${row.feature}`) },
    ...PLANS.map((plan) => ({
      key: plan,
      align: 'center' as const,
      title: plan === currentPlan ? `${t(`common:plans.${plan}`)} (${t('card.current')})` : t(`common:plans.${plan}`),
      render: (_: unknown, row: { feature: PlanFeature }) =>
        planIncludes(plan, row.feature) ? (
          <CheckOutlined aria-label={t('compare.included')} role="img" className="compare-included" />
        ) : (
          <MinusOutlined aria-label={t('compare.not_included')} role="img" />
        ),
    })),
  ];
  return (
    <Table
      rowKey="feature"
      columns={columns}
      dataSource={PLAN_FEATURES.map((feature) => ({ feature }))}
      pagination={false}
      size="middle"
      scroll={{ x: true }}
    />
  );
}
