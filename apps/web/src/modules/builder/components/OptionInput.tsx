import { toNumber, type Item } from '@vigil/checklist';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../option-fields.ts';

interface OptionInputProps {
  item: Item;
  field: OptionField;
  required: boolean;
  errors: string[];
  onChange: (value: unknown) => void;
}

/** One option of the details form, with its label, required mark and the domain's messages. */
export function OptionInput({ item, field, required, errors, onChange }: OptionInputProps) {
  const { t } = useTranslation('builder');
  const value = (item.options as Record<string, unknown>)[field.key];
  const id = `option-${field.key}`;
  const label = t(`options.${field.key}`);
  let control;
  switch (field.kind) {
    case 'boolean':
      control = <Switch id={id} checked={value === true} onChange={(checked) => onChange(checked)} />;
      break;
    case 'number':
      control = <InputNumber id={id} style={{ width: '100%' }} value={toNumber(value)} onChange={(next) => onChange(next ?? null)} />;
      break;
    case 'choice':
      control = (
        <Select
          id={id}
          value={typeof value === 'string' ? value : undefined}
          allowClear={!required}
          onChange={(next: string | undefined) => onChange(next ?? null)}
          options={field.choices.map((choice) => ({
            value: choice,
            label: field.key === 'type' ? t(`types.${choice}`) : t(`choices.${field.key}.${choice}`),
          }))}
        />
      );
      break;
    case 'tags':
      control = (
        <Select
          id={id}
          mode="tags"
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next: string[]) => onChange(next)}
          open={false}
          suffixIcon={null}
        />
      );
      break;
    default:
      control = (
        <Input
          id={id}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={errors.length > 0 ? 'error' : undefined}
      help={errors.length > 0 ? errors.join(' ') : undefined}
      style={{ marginBlockEnd: 12 }}
      data-option={field.key}
      layout={field.kind === 'boolean' ? 'horizontal' : 'vertical'}
    >
      {control}
    </Form.Item>
  );
}
