import type { SavedCustomField } from '@vigil/contracts';
import { Form, Input, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { customValueRule } from './field-values.ts';

/** A custom value's input, by its field type; the form item's value, change handler and id pass through. */
function CustomValueInput({ field, ...props }: { field: SavedCustomField } & InputProps) {
  switch (field.field_type) {
    case 'textarea':
      return <Input.TextArea rows={3} {...(props as TextAreaProps)} />;
    case 'integer':
      return <Input inputMode="numeric" {...props} />;
    case 'decimal':
      return <Input inputMode="decimal" {...props} />;
    case 'email':
      return <Input type="email" {...props} />;
    case 'phone':
      return <Input type="tel" {...props} />;
    default:
      return <Input {...props} />;
  }
}

/** The form items of custom fields in use (values at `fields.<key>.value`), checked as the server checks them. */
export function CustomValueItems({ fields }: { fields: readonly SavedCustomField[] }) {
  const { t } = useTranslation();
  return fields.map((field) => (
    <Form.Item
      key={field.key}
      name={['fields', field.key, 'value']}
      label={field.name}
      extra={field.description ?? undefined}
      rules={[customValueRule(field, t)]}
    >
      <CustomValueInput field={field} />
    </Form.Item>
  ));
}
