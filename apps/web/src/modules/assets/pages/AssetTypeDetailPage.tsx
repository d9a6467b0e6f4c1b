import { AssetTypeNameSchema, type AssetTypeDetail } from '@vigil/contracts';
import { Alert, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CustomFieldEditor } from '../../../components/custom-field-editor/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { deleteUnusedField, useAssetType, useRestoreAssetType, useSaveAssetType } from '../api.ts';

/** `/assets/types/:uuid`: an asset type's name and its fields in the custom-field editor; read-only once archived. */
export function AssetTypeDetailPage() {
  const { uuid = '' } = useParams();
  const { data: type } = useAssetType(uuid);
  return type ? <AssetTypeDetail key={type.id} type={type} /> : <Skeleton active />;
}

function AssetTypeDetail({ type }: { type: AssetTypeDetail }) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const canManage = canAny(useAppAbility(), 'SST_MANAGE_ASSET_TYPE');
  const save = useSaveAssetType();
  const restore = useRestoreAssetType();
  const [renaming, setRenaming] = useState(false);
  const archived = Boolean(type.archived_at);

  const actions: ToolbarAction[] = [
    ...(canManage && !archived ? [{ key: 'rename', label: t('types.rename'), onClick: () => setRenaming(true) }] : []),
    ...(canManage && archived
      ? [{ key: 'restore', label: t('actions.restore'), primary: true, onClick: () => void restore.mutateAsync(type.id) }]
      : []),
    { key: 'back', label: t('links.types'), onClick: () => void navigate('/assets/types') },
  ];

  return (
    <div>
      <PageHeader title={type.name}>
        <ToolbarActions actions={actions} />
      </PageHeader>
      {archived ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('types.archived_notice')} /> : null}
      <CustomFieldEditor
        fields={type.fields}
        // Archived, or not ours to change: shown as the editor shows a deleted entity, read-only.
        deleted={archived || !canManage}
        onSubmit={async (payload) => (await save.mutateAsync({ id: type.id, body: { name: type.name, ...payload } })).data.fields}
        onDeleteField={deleteUnusedField}
      />
      {renaming ? <RenameModal type={type} onClose={() => setRenaming(false)} /> : null}
    </div>
  );
}

/** Renames the type; an empty field list and order leave its fields as they are. */
function RenameModal({ type, onClose }: { type: AssetTypeDetail; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveAssetType();
  return (
    <FormModal
      form={form}
      title={t('types.rename')}
      okText={t('actions.save')}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ name: type.name }}
      onFinish={({ name }) =>
        save.mutate(
          { id: type.id, body: { name, fields: [], order: {} } },
          { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) },
        )
      }
    >
      <Form.Item name="name" label={t('types.columns.name')} rules={[schemaRule(AssetTypeNameSchema, t, { required: true })]}>
        <Input autoFocus />
      </Form.Item>
    </FormModal>
  );
}
