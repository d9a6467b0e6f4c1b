import { Alert, Input, Modal, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../lib/http.ts';

export interface TypeToConfirmProps {
  title: ReactNode;
  /** What the person must type, exactly, before the delete button enables (spec 3 §5: the asset's title). */
  expected: string;
  /** Deletes; a refusal's message is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A deletion for good that asks to type the thing's name first (spec 3 §5 "Deleting an asset or a
 * field requires typing its title"). Mount it while it is shown.
 */
export function TypeToConfirmDialog({ title, expected, onConfirm, onClose }: TypeToConfirmProps) {
  const { t } = useTranslation('common');
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setRefusal(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('typeToConfirm.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={t('typeToConfirm.delete')}
      okButtonProps={{ danger: true, disabled: typed !== expected }}
      cancelText={t('actions.cancel')}
      confirmLoading={pending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t('typeToConfirm.hint')} <Typography.Text strong>{expected}</Typography.Text>
        </Typography.Paragraph>
        <Input aria-label={t('typeToConfirm.label', { name: expected })} value={typed} onChange={(event) => setTyped(event.target.value)} />
        {refusal ? <Alert type="error" showIcon role="alert" title={refusal} /> : null}
      </Space>
    </Modal>
  );
}
