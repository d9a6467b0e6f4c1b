import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker } from './FolderPicker.tsx';

export interface FolderChoiceModalProps {
  title: string;
  okText: string;
  /** Where the picker starts (null: top level). */
  initial: string | null;
  /** A folder being moved cannot go into itself or its subfolders. */
  excludeId?: string;
  onSubmit: (parentId: string | null) => Promise<unknown>;
  onClose: () => void;
}

/** Move or clone: choose the destination folder; the dialog stays open if the server refuses. */
export function FolderChoiceModal({ title, okText, initial, excludeId, onSubmit, onClose }: FolderChoiceModalProps) {
  const { t } = useTranslation(['templates', 'common']);
  const [parentId, setParentId] = useState<string | null>(initial);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(parentId);
      onClose();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common:actions.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FolderPicker value={parentId} onChange={setParentId} excludeId={excludeId} aria-label={t('folder_picker.label')} />
    </Modal>
  );
}
