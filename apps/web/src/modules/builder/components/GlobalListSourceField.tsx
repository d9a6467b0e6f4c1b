import { ExportOutlined } from '@ant-design/icons';
import { updateItem, type Item } from '@vigil/checklist';
import { Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.ts';
import { useBuilderCommands } from './useBuilderCommands.tsx';

interface Props {
  item: Item;
  /** The messages of `options.global_list_uuid` (and `global_list_id`, which is chosen with it). */
  errors: string[];
}

/**
 * A global_list question's list and the fields it shows and answers with (spec 2 §3): the workspace's
 * lists in use, each with its fields in use; the item ID and name come first. Choosing a list sets both of
 * the document's references to it (uuid and number) and starts from the default fields.
 */
export function GlobalListSourceField({ item, errors }: Props) {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const lists = useApi('GET /api/resources/global-lists/all', { query: { with_fields: '1' } }, { silent: true });
  const chosenUuid = item.options.global_list_uuid || undefined;
  const chosen = lists.data?.find((list) => list.uuid === chosenUuid);
  const listChoices = (lists.data ?? []).map((list) => ({ value: list.uuid, label: list.name }));
  // A list archived or deleted since keeps its reference shown until another is chosen.
  if (chosenUuid && !chosen) listChoices.unshift({ value: chosenUuid, label: t('global_list.unavailable') });
  const fieldChoices = [
    { value: 'item_id', label: t('global_list.item_id') },
    { value: 'display_name', label: t('global_list.display_name') },
    ...(chosen?.fields ?? []).map((field) => ({ value: field.key, label: field.name })),
  ];
  const setOptions = (options: Partial<Item['options']>, coalesce?: string) =>
    commands.run((doc) => updateItem(doc, item.id, { options }), coalesce ? { coalesce } : undefined);

  return (
    <>
      <Form.Item
        label={t('options.global_list_uuid')}
        htmlFor="global-list"
        required
        validateStatus={errors.length > 0 ? 'error' : undefined}
        help={errors.length > 0 ? errors.join(' ') : undefined}
        style={{ marginBlockEnd: 12 }}
        data-option="global_list_uuid"
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            id="global-list"
            showSearch={{ optionFilterProp: 'label' }}
            loading={lists.isFetching}
            placeholder={t('global_list.placeholder')}
            notFoundContent={lists.isFetching ? null : t('global_list.none')}
            value={chosenUuid}
            options={listChoices}
            onChange={(uuid: string) => {
              const list = lists.data?.find((entry) => entry.uuid === uuid);
              if (list) setOptions({ global_list_uuid: list.uuid, global_list_id: list.id, label_field_keys: [], value_field_keys: [] });
            }}
          />
          <Typography.Link href="/resources/global-lists" target="_blank" rel="noopener noreferrer">
            {t('global_list.manage')} <ExportOutlined aria-hidden />
          </Typography.Link>
        </Space>
      </Form.Item>
      {(['label_field_keys', 'value_field_keys'] as const).map((key) => (
        <Form.Item key={key} label={t(`options.${key}`)} htmlFor={`option-${key}`} data-option={key} style={{ marginBlockEnd: 12 }}>
          <Select
            id={`option-${key}`}
            mode="multiple"
            disabled={!chosen}
            placeholder={t(`global_list.${key === 'label_field_keys' ? 'default_label' : 'default_value'}`)}
            value={item.options[key] ?? []}
            options={fieldChoices}
            onChange={(keys: string[]) => setOptions({ [key]: keys })}
          />
        </Form.Item>
      ))}
    </>
  );
}
