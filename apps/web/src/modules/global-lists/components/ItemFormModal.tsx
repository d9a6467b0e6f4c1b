import { GlobalListItemBodySchema, type GlobalListItem, type SavedCustomField } from '@vigil/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomValueItems, fieldValuesOf, formValuesOf } from '../../../components/custom-field-values/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useSaveItem } from '../api.ts';

interface Values {
  display_name: string;
  fields?: Record<string, { value?: string }>;
}

/** Adds an item to a list (`item` absent) or edits one: its display name and a value for each of the list's fields in use. */
export function ItemFormModal({
  listId,
  fields,
  item,
  onClose,
}: {
  listId: string;
  fields: readonly SavedCustomField[];
  item?: GlobalListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('global-lists');
  const [form] = Form.useForm<Values>();
  const save = useSaveItem(listId);
  return (
    <FormModal<Values>
      form={form}
      title={item ? t('items.edit_title', { name: item.display_name }) : t('items.new')}
      okText={item ? t('actions.save') : t('actions.create')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ display_name: item?.display_name ?? '', fields: formValuesOf(item?.fields) }}
      onFinish={(values) =>
        save.mutate(
          { itemId: item?.item_id, body: { display_name: values.display_name, fields: fieldValuesOf(fields, values.fields) } },
          { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) },
        )
      }
    >
      <Form.Item
        name="display_name"
        label={t('columns.display_name')}
        rules={[schemaRule(GlobalListItemBodySchema.shape.display_name, t, { required: true })]}
      >
        <Input autoFocus />
      </Form.Item>
      {fields.length ? <CustomValueItems fields={fields} /> : <Alert type="info" title={t('items.no_fields')} />}
    </FormModal>
  );
}
