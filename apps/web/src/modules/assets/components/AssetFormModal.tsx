import { AssetBodySchema, type Asset } from '@vigil/contracts';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomValueItems, fieldValuesOf, formValuesOf } from '../../../components/custom-field-values/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useApi } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveAsset } from '../api.ts';

interface Values {
  type_id?: string;
  asset_id: string;
  display_name: string;
  fields?: Record<string, { value?: string }>;
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
        fields: formValuesOf(asset?.fields),
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
      <CustomValueItems fields={fields} />
    </FormModal>
  );
}
