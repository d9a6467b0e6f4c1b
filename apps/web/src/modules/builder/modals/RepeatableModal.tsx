import { repeatableRefusal, setRepeatable } from '@vigil/checklist';
import { Alert, Form, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../../components/FeatureGate.tsx';
import type { BuilderModalProps } from '../extensions.ts';

/** Repeatable on or off with the minimum and maximum repetitions; the nesting rule decides through `setRepeatable`. */
export function RepeatableModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const item = document.items.find((entry) => entry.id === itemId);
  const [enabled, setEnabled] = useState(item?.options.repeatable === true);
  const [min, setMin] = useState<number | null>(item?.options.repeatable_settings?.min ?? null);
  const [max, setMax] = useState<number | null>(item?.options.repeatable_settings?.max ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!item) return null;
  const nesting = repeatableRefusal(document, itemId);
  const blocked = nesting !== null && item.options.repeatable !== true;

  const save = () => {
    if (enabled && min !== null && max !== null && min > max) return setRefusal(t('repeatable.min_above_max'));
    const result = setRepeatable(document, itemId, enabled, enabled ? { min, max } : null);
    if (result.ok) onApply(result.value);
    else setRefusal(t(`checklist:messages.${result.code}`, result.params));
  };

  return (
    <Modal
      open={open}
      title={t('repeatable.title', { title: item.title || t(`builder:types.${item.type}`) })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: blocked }}
      onOk={save}
      onCancel={onClose}
    >
      <FeatureGate feature="ckl_item_repeater">
        {blocked && (
          <Alert type="warning" showIcon style={{ marginBlockEnd: 12 }} title={t(`checklist:messages.${nesting.code}`, nesting.params)} />
        )}
        {refusal && <Alert type="error" showIcon role="alert" style={{ marginBlockEnd: 12 }} title={refusal} />}
        <Form layout="vertical" component="div">
          <Form.Item label={t('repeatable.enabled')} htmlFor="repeatable-enabled">
            <Switch
              id="repeatable-enabled"
              checked={enabled}
              disabled={blocked}
              onChange={(value) => {
                setEnabled(value);
                setRefusal(null);
              }}
            />
          </Form.Item>
          <Form.Item label={t('repeatable.min')} htmlFor="repeatable-min">
            <InputNumber
              id="repeatable-min"
              min={0}
              precision={0}
              disabled={!enabled}
              value={min}
              onChange={(value) => {
                setMin(value);
                setRefusal(null);
              }}
            />
          </Form.Item>
          <Form.Item label={t('repeatable.max')} htmlFor="repeatable-max">
            <InputNumber
              id="repeatable-max"
              min={1}
              precision={0}
              disabled={!enabled}
              value={max}
              onChange={(value) => {
                setMax(value);
                setRefusal(null);
              }}
            />
          </Form.Item>
        </Form>
      </FeatureGate>
    </Modal>
  );
}
