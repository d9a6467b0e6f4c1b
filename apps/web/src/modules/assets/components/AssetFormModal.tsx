import { AssetBodySchema, type Asset, type AssetTypeField } from '@vigil/contracts';
import { Form, Input, Select, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useApi } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveAsset } from '../api.ts';
import { customValueRule, fieldValuesOf, formValueOf } from './field-values.ts';

interface Values {
  type_id?: string;
  asset_id: string;
  display_name: string;
  fields?: Record<string, { value?: string }>;
}

/** A custom value's input, by its field type; the form item's value, change handler and id pass through. */
function FieldInput({ field, ...props }: { field: AssetTypeField } & InputProps) {
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

/** Creates an asset (`asset` absent) or edits one: its type, ID, name, and the type's fields in use. */
export function AssetFormModal({ asset, defaultTypeId, onClose }: { asset?: Asset; defaultTypeId?: string; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm<Values>();
  const save = useSaveAsset();
  const [search, setSearch] = useState('');
  const typeId = Form.useWatch('type_id', form) ?? asset?.type_id ?? defaultTypeId;
  const options = useApi('GET /api/assets/types/all', { query: search ? { q: search } : {} }, { silent: true });
  const chosen = useApi(
    'GET /api/assets/types/all',
    { query: { ids: typeId ? [typeId] : [], with_fields: '1' } },
    { enabled: Boolean(typeId) },
  );
  const fields = chosen.data?.find((type) => type.id === typeId)?.fields ?? [];

  const typeOptions = (options.data ?? []).map((type) => ({ value: type.id, label: type.name }));
  if (asset && !typeOptions.some((option) => option.value === asset.type_id))
    typeOptions.push({ value: asset.type_id, label: asset.type_name });

  return (
    <FormModal<Values>
      form={form}
      title={asset ? t('assets.edit_title', { name: asset.display_name }) : t('assets.new')}
      okText={asset ? t('actions.save') : t('actions.create')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{
        type_id: asset?.type_id ?? defaultTypeId,
        asset_id: asset?.asset_id ?? '',
        display_name: asset?.display_name ?? '',
        fields: Object.fromEntries(Object.entries(asset?.fields ?? {}).map(([key, { value }]) => [key, { value: formValueOf(value) }])),
      }}
      onFinish={(values) =>
        save.mutate(
          {
            id: asset?.id,
            body: {
              type_id: values.type_id ?? '',
              asset_id: values.asset_id,
              display_name: values.display_name,
              fields: fieldValuesOf(fields, values.fields),
            },
          },
          { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) },
        )
      }
    >
      <Form.Item name="type_id" label={t('columns.type')} rules={[{ required: true, message: t('common:validation.required') }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          options={typeOptions}
          loading={options.isFetching}
          placeholder={t('assets.choose_type')}
        />
      </Form.Item>
      <Form.Item name="asset_id" label={t('columns.asset_id')} rules={[schemaRule(AssetBodySchema.shape.asset_id, t, { required: true })]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="display_name"
        label={t('columns.display_name')}
        rules={[schemaRule(AssetBodySchema.shape.display_name, t, { required: true })]}
      >
        <Input />
      </Form.Item>
      {fields.map((field) => (
        <Form.Item
          key={field.key}
          name={['fields', field.key, 'value']}
          label={field.name}
          extra={field.description ?? undefined}
          rules={[customValueRule(field, t)]}
        >
          <FieldInput field={field} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
