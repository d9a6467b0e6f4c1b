import { updateItem } from '@vigil/checklist';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderModalProps } from '../extensions.ts';
import { RichTextEditor } from '../rich-text/RichTextEditor.tsx';
import { infoHtmlOf, withInfoHtml } from './info-block.ts';

/** The item's related information as rich text, kept in the document's `info` block of `info_id`. */
export function RelatedInfoModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const item = document.items.find((entry) => entry.id === itemId);
  const [html, setHtml] = useState(() => (item ? infoHtmlOf(document, item) : ''));
  if (!item) return null;

  const save = () => {
    const { document: next, infoId } = withInfoHtml(document, item, html);
    const result = updateItem(next, itemId, { options: { info_id: infoId } });
    if (result.ok) onApply(result.value);
  };

  return (
    <Modal
      open={open}
      width={760}
      title={`${t('builder:action_bar.related_info')}: ${item.title || t(`builder:types.${item.type}`)}`}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
    >
      <RichTextEditor value={html} onChange={setHtml} />
    </Modal>
  );
}
