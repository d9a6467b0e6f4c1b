import { checkExpression, setCalculation, succeed, updateItem, type CalculationOptions, type TemplateDocument } from '@vigil/checklist';
import { Alert, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../../components/FeatureGate.tsx';
import type { BuilderModalProps } from '../extensions.ts';
import { insertAt, numericSources, pruneVariables, variableFor } from './calculation-draft.ts';
import { CustomUnitPicker, type PickedUnit } from './CustomUnitPicker.tsx';

/**
 * A calculation's formula (spec 2 §5): variables from earlier numeric questions inserted by click,
 * the domain's messages live while typing, and the custom unit when the unit type is custom.
 * Applying runs `setCalculation`, so only a formula the domain accepts reaches the document.
 */
export function CalculationModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const item = document.items.find((entry) => entry.id === itemId);
  const [draft, setDraft] = useState<CalculationOptions>(() => item?.options.calculations ?? { value: '', items: [] });
  const [unit, setUnit] = useState<PickedUnit | null>(() => {
    const current = document.custom_units.find((entry) => entry.uuid === item?.options.custom_unit_id);
    return current ? { uuid: current.uuid, name: current.name, symbol: current.symbol } : null;
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<TextAreaRef>(null);
  const sources = useMemo(() => numericSources(document, itemId), [document, itemId]);
  if (!item) return null;

  const keys = draft.items.map((variable) => variable.key);
  const check = draft.value.trim() === '' ? null : checkExpression(draft.value, keys);
  const live = check === null ? null : check.ok ? null : t(`checklist:messages.${check.code}`, check.params);
  const titleOf = (id: string) => {
    const source = document.items.find((entry) => entry.id === id);
    return source ? source.title || t(`builder:types.${source.type}`) : id;
  };

  const insert = (sourceId: string) => {
    const element = input.current?.resizableTextArea?.textArea;
    const { key, calculation } = variableFor(draft, sourceId);
    const { value, caret } = insertAt(draft.value, element?.selectionStart ?? draft.value.length, key);
    setDraft({ ...calculation, value });
    setRefusal(null);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const save = () => {
    // The field already says what is wrong: saying it again above the form would only repeat it.
    if (live) return input.current?.focus();
    const calculated = setCalculation(document, itemId, pruneVariables(draft));
    if (!calculated.ok) return setRefusal(t(`checklist:messages.${calculated.code}`, calculated.params));
    const withUnit = (doc: TemplateDocument) => {
      if (item.options.unit_type !== 'custom') return succeed(doc);
      const units =
        unit && !doc.custom_units.some((entry) => entry.uuid === unit.uuid) ? [...doc.custom_units, { ...unit }] : doc.custom_units;
      return updateItem({ ...doc, custom_units: units }, itemId, { options: { custom_unit_id: unit?.uuid ?? '' } });
    };
    const result = withUnit(calculated.value);
    if (result.ok) onApply(result.value);
    else setRefusal(t(`checklist:messages.${result.code}`, result.params));
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('calculation.title', { title: item.title || t('builder:types.calculation') })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
    >
      <FeatureGate feature="ckl_calculation">
        {refusal && <Alert type="error" showIcon role="alert" style={{ marginBlockEnd: 12 }} title={refusal} />}
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('calculation.formula')}
            htmlFor="calculation-formula"
            validateStatus={live ? 'error' : undefined}
            help={live ?? (check?.ok ? t('calculation.valid') : undefined)}
          >
            <Input.TextArea
              id="calculation-formula"
              ref={input}
              dir="ltr"
              autoSize={{ minRows: 2 }}
              style={{ fontFamily: 'monospace' }}
              value={draft.value}
              onChange={(event) => {
                setDraft({ ...draft, value: event.target.value });
                setRefusal(null);
              }}
            />
          </Form.Item>
          <Form.Item label={t('calculation.variables')} extra={sources.length > 0 ? t('calculation.variables_help') : undefined}>
            {sources.length === 0 ? (
              <Typography.Text type="secondary">{t('calculation.no_variables')}</Typography.Text>
            ) : (
              <Space wrap>
                {sources.map((source) => {
                  const key = draft.items.find((variable) => variable.item_id === source.id)?.key;
                  return (
                    <Button
                      key={source.id}
                      size="small"
                      aria-label={t('calculation.insert', { title: titleOf(source.id) })}
                      onClick={() => insert(source.id)}
                    >
                      {key && <Tag style={{ marginInlineEnd: 4 }}>{key}</Tag>}
                      {titleOf(source.id)}
                    </Button>
                  );
                })}
              </Space>
            )}
          </Form.Item>
          {item.options.unit_type === 'custom' && <CustomUnitPicker value={unit} onChange={setUnit} />}
        </Form>
      </FeatureGate>
    </Modal>
  );
}
