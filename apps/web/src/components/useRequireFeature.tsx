import { LockOutlined } from '@ant-design/icons';
import type { PlanFeature } from '@vigil/contracts';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { PLANS_PATH } from '../lib/paths.ts';
import { FeatureUnavailableText } from './FeatureUnavailableText.tsx';

/**
 * Guards an action by plan feature: runs it when the workspace has the feature,
 * else opens the unavailable-feature dialog (try for free goes to the plans page).
 */
export function useRequireFeature(): (feature: PlanFeature, action: () => void) => void {
  const features = useSession()?.features;
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useCallback(
    (feature, action) => {
      if (features?.[feature] === true) {
        action();
        return;
      }
      modal.confirm({
        icon: <LockOutlined />,
        title: t('feature_gate.title'),
        content: <FeatureUnavailableText feature={feature} />,
        okText: t('feature_gate.try_free'),
        cancelText: t('actions.close'),
        onOk: () => navigate(PLANS_PATH),
      });
    },
    [features, modal, navigate, t],
  );
}
