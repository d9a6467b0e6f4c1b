import { LockOutlined } from '@ant-design/icons';
import { FEATURE_REQUIRED_PLAN } from '@vigil/contracts';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLANS_PATH } from '../../../lib/paths.ts';

/**
 * Spec 2 §2: the image-marker upgrade prompt — lock notice, what the feature does, and an upgrade
 * button naming the required plan that opens the plans page in a new tab.
 */
export function ImageMarkerUpgrade({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['builder', 'common']);
  const plan = t(`common:plans.${FEATURE_REQUIRED_PLAN.ckl_image_marker}`);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <span>
          <LockOutlined aria-hidden /> {t('image_marker_upgrade.title')}
        </span>
      }
      footer={
        <Button type="primary" href={PLANS_PATH} target="_blank" rel="noopener noreferrer">
          {t('image_marker_upgrade.upgrade', { plan })}
        </Button>
      }
    >
      <Typography.Paragraph>{t('image_marker_upgrade.notice', { plan })}</Typography.Paragraph>
      <ul>
        <li>{t('image_marker_upgrade.add')}</li>
        <li>{t('image_marker_upgrade.edit')}</li>
      </ul>
    </Modal>
  );
}
