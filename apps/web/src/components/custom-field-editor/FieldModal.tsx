import {
  adjustDecimalConfig,
  CUSTOM_FIELD_DESCRIPTION_MAX,
  CUSTOM_FIELD_NAME_MAX,
  DECIMAL_MAX_DIGITS_MAX,
  DECIMAL_MAX_DIGITS_MIN,
  DECIMAL_PLACES_MAX,
  DECIMAL_PLACES_MIN,
  type CustomField,
  type DecimalConfig,
} from '@vigil/contracts';
import { Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The properties modal: name (required), description (at most 2000), required, decimal config. */
export function FieldModal({
  field,
  onCancel,
  onSave,
}: {
  field: CustomField;
  onCancel: () => void;
  onSave: (field: CustomField) => void;
}) {
  const { t } = useTranslation('table');
  const [name, setName] = useState(field.name);
  const [description, setDescription] = useState(field.description ?? '');
  const [required, setRequired] = useState(field.is_required);
  const [config, setConfig] = useState<DecimalConfig>(() =>
    field.field_type === 'decimal' && !Array.isArray(field.config) ? (field.config as DecimalConfig) : { max_digits: 10, decimals: 2 },
  );
  const nameError =
    name.trim() === ''
      ? t('validation.required')
      : name.trim().length > CUSTOM_FIELD_NAME_MAX
        ? t('common:validation.too_long', { count: CUSTOM_FIELD_NAME_MAX })
        : null;
  const descriptionError =
    description.length > CUSTOM_FIELD_DESCRIPTION_MAX ? t('common:validation.too_long', { count: CUSTOM_FIELD_DESCRIPTION_MAX }) : null;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: String(from + i) }));

  return (
    <Modal
      open
      title={t('customFields.properties')}
      okText={t('customFields.apply')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: Boolean(nameError || descriptionError) }}
      onCancel={onCancel}
      onOk={() =>
        onSave({
          ...field,
          name: name.trim(),
          description: description || null,
          is_required: required,
          ...(field.field_type === 'decimal' ? { config } : {}),
        })
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('customFields.name')} required validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
          <Input aria-label={t('customFields.name')} value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('customFields.description')}
          validateStatus={descriptionError ? 'error' : undefined}
          help={descriptionError ?? undefined}
        >
          <Input.TextArea aria-label={t('customFields.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
        <Checkbox checked={required} onChange={(e) => setRequired(e.target.checked)}>
          {t('customFields.required')}
        </Checkbox>
        {field.field_type === 'decimal' ? (
          <Space style={{ marginTop: 12 }}>
            <Form.Item label={t('customFields.maxDigits')} required>
              <Select
                aria-label={t('customFields.maxDigits')}
                value={config.max_digits}
                options={range(DECIMAL_MAX_DIGITS_MIN, DECIMAL_MAX_DIGITS_MAX)}
                virtual={false}
                onChange={(max_digits: number) => setConfig(adjustDecimalConfig({ ...config, max_digits }))}
                style={{ width: 100 }}
              />
            </Form.Item>
            <Form.Item label={t('customFields.decimals')} required>
              <Select
                aria-label={t('customFields.decimals')}
                value={config.decimals}
                options={range(DECIMAL_PLACES_MIN, DECIMAL_PLACES_MAX).map((option) => ({
                  ...option,
                  disabled: option.value >= config.max_digits,
                }))}
                virtual={false}
                onChange={(decimals: number) => setConfig(adjustDecimalConfig({ ...config, decimals }))}
                style={{ width: 100 }}
              />
            </Form.Item>
          </Space>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t(`customFields.type.${field.field_type}`)}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
