import { GlobalListBodySchema, type GlobalListDetail } from '@vigil/contracts';
import { Alert, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CustomFieldEditor } from '../../../components/custom-field-editor/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { deleteUnusedField, useGlobalList, useRestoreGlobalList, useSaveGlobalList } from '../api.ts';

/** `/resources/global-lists/:uuid` (managers only): a list's name and its fields in the custom-field editor; read-only once archived. */
export function GlobalListDetailPage() {
  const { uuid = '' } = useParams();
  const { data: list } = useGlobalList(uuid);
  return list ? <GlobalListView key={list.uuid} list={list} /> : <Skeleton active />;
}

function GlobalListView({ list }: { list: GlobalListDetail }) {
  const { t } = useTranslation('global-lists');
  const navigate = useNavigate();
  const save = useSaveGlobalList();
  const restore = useRestoreGlobalList();
  const [renaming, setRenaming] = useState(false);
  const archived = Boolean(list.archived_at);

  const actions: ToolbarAction[] = archived
    ? [
        { key: 'restore', label: t('actions.restore'), primary: true, onClick: () => void restore.mutateAsync(list.uuid) },
        { key: 'back', label: t('links.lists_archive'), onClick: () => void navigate('/resources/global-lists/archive') },
      ]
    : [
        {
          key: 'items',
          label: t('links.items'),
          primary: true,
          onClick: () => void navigate(`/resources/global-lists/${list.uuid}/items`),
        },
        { key: 'rename', label: t('actions.rename'), onClick: () => setRenaming(true) },
        { key: 'back', label: t('links.lists'), onClick: () => void navigate('/resources/global-lists') },
      ];

  return (
    <div>
      <PageHeader title={list.name}>
        <ToolbarActions actions={actions} />
      </PageHeader>
      {archived ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('lists.archived_notice')} />
      ) : (
        <Typography.Paragraph type="secondary">{t('lists.fields_hint')}</Typography.Paragraph>
      )}
      <CustomFieldEditor
        fields={list.fields}
        // Archived: shown as the editor shows a deleted entity, read-only.
        deleted={archived}
        onSubmit={async (payload) => (await save.mutateAsync({ id: list.uuid, body: { name: list.name, ...payload } })).data.fields}
        onDeleteField={(fieldId) => deleteUnusedField(list.uuid, fieldId)}
      />
      {renaming ? <RenameModal list={list} onClose={() => setRenaming(false)} /> : null}
    </div>
  );
}

/** Renames the list; an empty field list and order leave its fields as they are. */
function RenameModal({ list, onClose }: { list: GlobalListDetail; onClose: () => void }) {
  const { t } = useTranslation('global-lists');
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveGlobalList();
  return (
    <FormModal
      form={form}
      title={t('actions.rename')}
      okText={t('actions.save')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ name: list.name }}
      onFinish={({ name }) =>
        save.mutate(
          { id: list.uuid, body: { name, fields: [], order: {} } },
          { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) },
        )
      }
    >
      <Form.Item name="name" label={t('columns.name')} rules={[schemaRule(GlobalListBodySchema.shape.name, t, { required: true })]}>
        <Input autoFocus />
      </Form.Item>
    </FormModal>
  );
}
