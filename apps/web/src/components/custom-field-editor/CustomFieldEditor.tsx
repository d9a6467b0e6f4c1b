import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import {
  adjustDecimalConfig,
  CUSTOM_FIELD_DESCRIPTION_MAX,
  DECIMAL_MAX_DIGITS_MAX,
  DECIMAL_MAX_DIGITS_MIN,
  DECIMAL_PLACES_MAX,
  DECIMAL_PLACES_MIN,
  EDITABLE_CUSTOM_FIELD_TYPES,
  NEW_FIELD_KEY_PREFIX,
  type CustomField,
  type CustomFieldsSave,
  type CustomFieldType,
  type DecimalConfig,
} from '@vigil/contracts';
import { Button, Card, Checkbox, Form, Input, List, Modal, Select, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../ConfirmDialog.tsx';

export interface CustomFieldEditorProps {
  fields: CustomField[];
  /** The entity was deleted: nothing can be saved or discarded. */
  deleted?: boolean;
  /** Saves the payload of spec 3 §3; answers the fields after the save. */
  onSubmit: (payload: CustomFieldsSave) => Promise<CustomField[]>;
  /** Deletes an unused field for good, by id. */
  onDeleteField: (id: string) => Promise<unknown>;
}

interface Draft {
  used: CustomField[];
  unused: CustomField[];
}

const split = (fields: CustomField[]): Draft => ({
  used: fields.filter((field) => field.is_used),
  unused: fields.filter((field) => !field.is_used),
});

let counter = 0;
const temporaryKey = () => `${NEW_FIELD_KEY_PREFIX}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The payload: new or changed used fields (parent_id null), removed ones (is_used false), and the order. */
export function buildSavePayload(original: CustomField[], draft: Draft): CustomFieldsSave {
  const before = new Map(original.map((field) => [field.key, JSON.stringify(field)]));
  const fields: CustomField[] = [];
  for (const field of draft.used) {
    const next = { ...field, is_used: true, parent_id: null };
    if (field.key.startsWith(NEW_FIELD_KEY_PREFIX) || before.get(field.key) !== JSON.stringify(field)) fields.push(next);
  }
  for (const field of draft.unused) {
    if (field.key.startsWith(NEW_FIELD_KEY_PREFIX)) continue;
    if (original.find((o) => o.key === field.key)?.is_used) fields.push({ ...field, is_used: false, parent_id: null });
  }
  return { fields, order: Object.fromEntries(draft.used.map((field, index) => [field.key, index])) };
}

/** The custom-field editor (spec 3 §4): add by type, edit in a modal, reorder, remove, reuse, delete. */
export function CustomFieldEditor({ fields, deleted, onSubmit, onDeleteField }: CustomFieldEditorProps) {
  const { t } = useTranslation('table');
  const confirm = useConfirmDialog();
  const [original, setOriginal] = useState(fields);
  const [draft, setDraft] = useState<Draft>(() => split(fields));
  const [editing, setEditing] = useState<{ field: CustomField; isNew: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const changed = useMemo(() => JSON.stringify(split(original)) !== JSON.stringify(draft), [original, draft]);

  const add = (type: CustomFieldType) => {
    const field: CustomField = {
      key: temporaryKey(),
      name: '',
      description: null,
      field_type: type,
      is_required: false,
      is_used: true,
      is_locked: false,
      default_value: null,
      config: type === 'decimal' ? { max_digits: 10, decimals: 2 } : [],
      parent_id: 'group1',
    };
    setDraft((prev) => ({ ...prev, used: [...prev.used, field] }));
    setEditing({ field, isNew: true });
  };

  const cancelEdit = () => {
    // Cancelling the modal of a new field removes it.
    if (editing?.isNew) setDraft((prev) => ({ ...prev, used: prev.used.filter((f) => f.key !== editing.field.key) }));
    setEditing(null);
  };

  const saveEdit = (field: CustomField) => {
    setDraft((prev) => ({ ...prev, used: prev.used.map((f) => (f.key === field.key ? field : f)) }));
    setEditing(null);
  };

  const move = (index: number, by: number) =>
    setDraft((prev) => {
      const used = [...prev.used];
      const [field] = used.splice(index, 1);
      used.splice(Math.max(0, Math.min(used.length, index + by)), 0, field!);
      return { ...prev, used };
    });

  const remove = (field: CustomField) =>
    setDraft((prev) => ({
      used: prev.used.filter((f) => f.key !== field.key),
      // A new field is discarded; a saved one waits in the unused list.
      unused: field.key.startsWith(NEW_FIELD_KEY_PREFIX) ? prev.unused : [...prev.unused, { ...field, is_used: false }],
    }));

  const reuse = (field: CustomField) =>
    setDraft((prev) => ({ unused: prev.unused.filter((f) => f.key !== field.key), used: [...prev.used, { ...field, is_used: true, is_required: false }] }));

  const deleteForGood = (field: CustomField) =>
    confirm({
      title: t('customFields.deleteTitle', { name: field.name }),
      danger: true,
      onConfirm: async () => {
        if (field.id) await onDeleteField(field.id);
        setDraft((prev) => ({ ...prev, unused: prev.unused.filter((f) => f.key !== field.key) }));
        setOriginal((prev) => prev.filter((f) => f.key !== field.key));
      },
    });

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await onSubmit(buildSavePayload(original, draft));
      setOriginal(saved);
      setDraft(split(saved));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('customFields.types')}>
        <Space wrap>
          {EDITABLE_CUSTOM_FIELD_TYPES.map((type) => (
            <Button key={type} disabled={deleted} onClick={() => add(type)}>
              {t(`customFields.type.${type}`)}
            </Button>
          ))}
          <Button disabled>{t('customFields.type.lookup')}</Button>
        </Space>
      </Card>

      <Card size="small" title={t('customFields.used')}>
        <List
          dataSource={draft.used}
          locale={{ emptyText: t('customFields.noFields') }}
          renderItem={(field, index) => (
            <List.Item
              actions={[
                <Button key="up" size="small" aria-label={t('customFields.moveUp', { name: field.name })} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} />,
                <Button key="down" size="small" aria-label={t('customFields.moveDown', { name: field.name })} icon={<ArrowDownOutlined />} disabled={index === draft.used.length - 1} onClick={() => move(index, 1)} />,
                <Button key="edit" size="small" aria-label={t('customFields.edit', { name: field.name })} icon={<EditOutlined />} onClick={() => setEditing({ field, isNew: false })} />,
                <Button key="remove" size="small" aria-label={t('customFields.remove', { name: field.name })} icon={<RollbackOutlined />} onClick={() => remove(field)} />,
              ]}
            >
              <List.Item.Meta title={`${field.name}${field.is_required ? ' *' : ''}`} description={t(`customFields.type.${field.field_type}`)} />
            </List.Item>
          )}
        />
      </Card>

      <Card size="small" title={t('customFields.unused')}>
        <List
          dataSource={draft.unused}
          locale={{ emptyText: t('customFields.noFields') }}
          renderItem={(field) => (
            <List.Item
              actions={[
                <Button key="reuse" size="small" aria-label={t('customFields.reuse', { name: field.name })} icon={<UndoOutlined />} onClick={() => reuse(field)} />,
                field.is_locked ? (
                  <Tooltip key="locked" title={t('customFields.locked')}>
                    <span tabIndex={0}>
                      <Button size="small" aria-label={t('customFields.delete', { name: field.name })} icon={<DeleteOutlined />} disabled />
                    </span>
                  </Tooltip>
                ) : (
                  <Button key="delete" size="small" danger aria-label={t('customFields.delete', { name: field.name })} icon={<DeleteOutlined />} onClick={() => void deleteForGood(field)} />
                ),
              ]}
            >
              <List.Item.Meta title={field.name} description={t(`customFields.type.${field.field_type}`)} />
            </List.Item>
          )}
        />
      </Card>

      {deleted ? null : (
        <Space>
          <Button type="primary" disabled={!changed} loading={saving} onClick={() => void submit()}>
            {t('customFields.save')}
          </Button>
          <Button disabled={!changed || saving} onClick={() => setDraft(split(original))}>
            {t('customFields.discard')}
          </Button>
        </Space>
      )}

      {editing ? <FieldModal field={editing.field} onCancel={cancelEdit} onSave={saveEdit} /> : null}
    </Space>
  );
}

/** The properties modal: name (required), description (at most 2000), required, decimal config. */
function FieldModal({ field, onCancel, onSave }: { field: CustomField; onCancel: () => void; onSave: (field: CustomField) => void }) {
  const { t } = useTranslation('table');
  const [name, setName] = useState(field.name);
  const [description, setDescription] = useState(field.description ?? '');
  const [required, setRequired] = useState(field.is_required);
  const [config, setConfig] = useState<DecimalConfig>(() =>
    field.field_type === 'decimal' && !Array.isArray(field.config) ? (field.config as DecimalConfig) : { max_digits: 10, decimals: 2 },
  );
  const nameError = name.trim() === '' ? t('validation.required') : null;
  const descriptionError = description.length > CUSTOM_FIELD_DESCRIPTION_MAX ? t('validation.maxLength', { max: CUSTOM_FIELD_DESCRIPTION_MAX }) : null;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: String(from + i) }));

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
        <Form.Item label={t('customFields.description')} validateStatus={descriptionError ? 'error' : undefined} help={descriptionError ?? undefined}>
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
                onChange={(max_digits: number) => setConfig(adjustDecimalConfig({ ...config, max_digits }))}
                style={{ width: 100 }}
              />
            </Form.Item>
            <Form.Item label={t('customFields.decimals')} required>
              <Select
                aria-label={t('customFields.decimals')}
                value={config.decimals}
                options={range(DECIMAL_PLACES_MIN, DECIMAL_PLACES_MAX).map((option) => ({ ...option, disabled: option.value >= config.max_digits }))}
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
