import { PlusOutlined } from '@ant-design/icons';
import { ASSET_TABLES, AssetTypeNameSchema, type AssetType } from '@vigil/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type BulkTarget, type DataTableColumn } from '../../../components/data-table/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { TypeToConfirmDialog } from '../../../components/TypeToConfirmDialog.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import {
  loadArchivedAssetTypes,
  loadAssetTypes,
  useArchiveAssetTypes,
  useCreateAssetType,
  useDeleteAssetType,
  useRestoreAssetType,
  useRestoreAssetTypes,
} from '../api.ts';

/** `/assets/types`: the asset types in use; create, archive (one or a selection). */
export const AssetTypeListPage = () => <AssetTypesScreen archived={false} />;
/** `/assets/types/archive`: archived asset types; restore (one, a selection or all matching), delete for good. */
export const AssetTypeArchivePage = () => <AssetTypesScreen archived />;

function AssetTypesScreen({ archived }: { archived: boolean }) {
  const { t } = useTranslation('assets');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const ability = useAppAbility();
  const canManage = canAny(ability, 'SST_MANAGE_ASSET_TYPE');
  const archive = useArchiveAssetTypes();
  const restore = useRestoreAssetTypes();
  const restoreOne = useRestoreAssetType();
  const remove = useDeleteAssetType();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AssetType | null>(null);

  const rowActions = (type: AssetType) =>
    archived
      ? [
          {
            label: t('actions.restore'),
            ariaLabel: t('actions.restore_named', { name: type.name }),
            onClick: () => void restoreOne.mutateAsync(type.id),
          },
          { label: t('actions.delete'), ariaLabel: t('actions.delete_named', { name: type.name }), onClick: () => setDeleting(type) },
        ]
      : [
          {
            label: t('actions.archive'),
            ariaLabel: t('actions.archive_named', { name: type.name }),
            confirm: {
              title: t('types.confirm_archive', { name: type.name }),
              onConfirm: () => archive.mutateAsync({ ids: [type.id] }),
            },
          },
        ];

  const columns: DataTableColumn<AssetType>[] = [
    {
      key: 'name',
      title: t('types.columns.name'),
      sortable: true,
      fixed: true,
      render: (type) => <Typography.Text strong>{type.name}</Typography.Text>,
    },
    { key: 'fields_count', title: t('types.columns.fields'), sortable: true },
    {
      key: 'last_inspection_at',
      title: t('types.columns.last_inspection'),
      render: (type) => (type.last_inspection_at ? dates.date(type.last_inspection_at) : t('none')),
    },
    { key: 'created_at', title: t('columns.created'), sortable: true, render: (type) => dates.date(type.created_at) },
    ...(archived
      ? [
          {
            key: 'archived_at',
            title: t('columns.archived'),
            sortable: true,
            render: (type: AssetType) => (type.archived_at ? dates.date(type.archived_at) : ''),
          },
        ]
      : []),
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (type: AssetType) => <RowActions actions={rowActions(type)} />,
          },
        ]
      : []),
  ];

  const bulkAction = (target: BulkTarget, clear: () => void) =>
    archived ? (
      <Button size="small" onClick={() => void restore.mutateAsync(target).then(clear)}>
        {t('actions.restore')}
      </Button>
    ) : (
      <Button size="small" onClick={() => void archive.mutateAsync(target).then(clear)}>
        {t('actions.archive')}
      </Button>
    );

  const links: ToolbarAction[] = [
    ...(!archived && canManage
      ? [{ key: 'new', label: t('types.new'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => setCreating(true) }]
      : []),
    ...(archived
      ? [{ key: 'types', label: t('links.types'), onClick: () => void navigate('/assets/types') }]
      : canAny(ability, 'SST_VIEW_ARCHIVED_ASSET_TYPES')
        ? [{ key: 'archive', label: t('links.types_archive'), onClick: () => void navigate('/assets/types/archive') }]
        : []),
    ...(canAny(ability, 'SST_VIEW_ASSET') ? [{ key: 'assets', label: t('links.assets'), onClick: () => void navigate('/assets') }] : []),
  ];

  return (
    <div>
      <PageHeader title={archived ? t('types.archive_title') : t('types.title')}>
        <ToolbarActions actions={links} />
      </PageHeader>
      <DataTable<AssetType>
        tableId={archived ? ASSET_TABLES.typesArchive : ASSET_TABLES.types}
        columns={columns}
        search={{ field: 'name', label: t('types.search') }}
        load={archived ? loadArchivedAssetTypes : loadAssetTypes}
        rowKey={(type) => type.id}
        savedQueries
        bulkByFilter={archived}
        renderActions={canManage ? bulkAction : undefined}
        onRowClick={(type) => void navigate(`/assets/types/${type.id}`)}
        onCreate={!archived && canManage ? () => setCreating(true) : undefined}
        createLabel={t('types.new')}
      />
      {creating ? <NewAssetTypeModal onClose={() => setCreating(false)} /> : null}
      {deleting ? (
        <TypeToConfirmDialog
          title={t('types.confirm_delete', { name: deleting.name })}
          expected={deleting.name}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

/** Names a new asset type (without fields) and opens it, where its fields are added. */
function NewAssetTypeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateAssetType();
  return (
    <FormModal
      form={form}
      title={t('types.new')}
      okText={t('actions.create')}
      pending={create.isPending}
      onClose={onClose}
      onFinish={({ name }) =>
        create.mutate(
          { name, fields: [] },
          {
            onSuccess: ({ data }) => void navigate(`/assets/types/${data.id}`),
            onError: (error) => showFieldErrors(form, error),
          },
        )
      }
    >
      <Form.Item name="name" label={t('types.columns.name')} rules={[schemaRule(AssetTypeNameSchema, t, { required: true })]}>
        <Input autoFocus />
      </Form.Item>
    </FormModal>
  );
}
