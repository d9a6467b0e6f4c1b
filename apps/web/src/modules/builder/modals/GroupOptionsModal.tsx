import { setGroupedOptions } from '@vigil/checklist';
import { Alert, Form, Modal, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderModalProps } from '../extensions.ts';

const GROUP_TYPES = ['custom', 'default'] as const;

/** Grouped options of a section on or off, and their kind; custom ones follow the nesting rule (`setGroupedOptions`). */
export function GroupOptionsModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const section = document.items.find((entry) => entry.id === itemId);
  const current = section?.options.grouped_item_id
    ? document.grouped_items.find((group) => group.uuid === section.options.grouped_item_id)
    : undefined;
  const [enabled, setEnabled] = useState(current !== undefined);
  const [type, setType] = useState<string>(current?.type ?? 'custom');
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!section) return null;

  const save = () => {
    const group = enabled ? { ...(current ?? { uuid: crypto.randomUUID(), items: [], flat_items: [] }), type } : null;
    const result = setGroupedOptions(document, itemId, group);
    if (result.ok) onApply(result.value);
    else setRefusal(t(`checklist:messages.${result.code}`, result.params));
  };

  return (
    <Modal
      open={open}
      title={t('group_options.title', { title: section.title || t('builder:types.section') })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
    >
      {refusal && <Alert type="error" showIcon role="alert" style={{ marginBlockEnd: 12 }} title={refusal} />}
      <Form layout="vertical" component="div">
        <Form.Item label={t('group_options.enabled')} htmlFor="group-options-enabled">
          <Switch
            id="group-options-enabled"
            checked={enabled}
            onChange={(value) => {
              setEnabled(value);
              setRefusal(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('group_options.type')} htmlFor="group-options-type">
          <Select
            id="group-options-type"
            disabled={!enabled}
            value={type}
            options={GROUP_TYPES.map((value) => ({ value, label: t(`group_options.types.${value}`) }))}
            onChange={(value) => {
              setType(value);
              setRefusal(null);
            }}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('group_options.help')}</Typography.Paragraph>
      </Form>
    </Modal>
  );
}
