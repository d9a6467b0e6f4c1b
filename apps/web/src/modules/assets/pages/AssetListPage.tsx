import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { ASSET_TABLES, type Asset, type DynamicField, type ListQueryInput } from '@vigil/contracts';
import { Button, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  customFieldFilters,
  DataTable,
  type BulkTarget,
  type DataTableColumn,
  type FilterDef,
} from '../../../components/data-table/index.ts';
import { useBulkImport } from '../../../components/bulk-import/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions, type RowAction } from '../../../components/RowActions.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { TypeToConfirmDialog } from '../../../components/TypeToConfirmDialog.tsx';
import { useApi } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import {
  assetImportTarget,
  loadAssets,
  TYPE_PARAM,
  useArchiveAssets,
  useReloadAssets,
  useDeleteAsset,
  useRestoreAsset,
  useRestoreAssets,
} from '../api.ts';
import { AssetFormModal } from '../components/AssetFormModal.tsx';
import { PrintLabelsButton } from '../components/PrintLabelsButton.tsx';
import { TypeChooser } from '../components/TypeChooser.tsx';

/** `/assets`: assets in use, of every type or of one (its fields as columns and filters); create, edit, archive, delete. */
export const AssetListPage = () => <AssetsScreen archived={false} />;
/** `/assets/archive`: archived assets; restore (one, a selection or all matching), delete for good. */
export const AssetArchivePage = () => <AssetsScreen archived />;

function AssetsScreen({ archived }: { archived: boolean }) {
  const { t } = useTranslation(['assets', 'bulk-import']);
  const dates = useDateFormat();
  const navigate = useNavigate();
  const ability = useAppAbility();
  const canManage = canAny(ability, 'SST_MANAGE_ASSET');
  const [searchParams, setSearchParams] = useSearchParams();
  const typeId = searchParams.get(TYPE_PARAM) ?? undefined;
  const archive = useArchiveAssets();
  const restore = useRestoreAssets();
  const restoreOne = useRestoreAsset();
  const remove = useDeleteAsset();
  const [form, setForm] = useState<{ asset?: Asset } | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  // The chosen type's fields, as the list answers them: the table's dynamic columns and filters.
  const [fields, setFields] = useState<DynamicField[]>([]);
  // The chosen type's name (the chooser asks the same), for the import's title.
  const chosenType = useApi(
    'GET /api/assets/types/all',
    { query: { ids: typeId ? [typeId] : [] } },
    { enabled: Boolean(typeId), silent: true },
  );
  const typeName = chosenType.data?.find((type) => type.id === typeId)?.name;
  const importTarget = useMemo(
    () => (!archived && canManage && typeId && typeName ? assetImportTarget(typeId, typeName) : null),
    [archived, canManage, typeId, typeName],
  );
  const bulkImport = useBulkImport(importTarget, useReloadAssets());

  const load = useCallback(
    async (query: ListQueryInput) => {
      const page = await loadAssets(archived, typeId, query);
      setFields(page.fields);
      return page;
    },
    [archived, typeId],
  );
  const chooseType = (next: string | undefined) => {
    setFields([]);
    // Another type's fields are other columns: its filters and sort start afresh.
    setSearchParams(next ? { [TYPE_PARAM]: next } : {});
  };

  const rowActions = (asset: Asset): RowAction[] => {
    const named = { name: asset.display_name };
    const deleteAction: RowAction = {
      label: t('actions.delete'),
      ariaLabel: t('actions.delete_named', named),
      onClick: () => setDeleting(asset),
    };
    return archived
      ? [
          {
            label: t('actions.restore'),
            ariaLabel: t('actions.restore_named', named),
            onClick: () => void restoreOne.mutateAsync(asset.id),
          },
          deleteAction,
        ]
      : [
          { label: t('actions.edit'), ariaLabel: t('actions.edit_named', named), onClick: () => setForm({ asset }) },
          {
            label: t('actions.archive'),
            ariaLabel: t('actions.archive_named', named),
            confirm: { title: t('assets.confirm_archive', named), onConfirm: () => archive.mutateAsync({ ids: [asset.id] }) },
          },
          deleteAction,
        ];
  };

  const columns: DataTableColumn<Asset>[] = [
    { key: 'asset_id', title: t('columns.asset_id'), sortable: true, fixed: true },
    {
      key: 'display_name',
      title: t('columns.display_name'),
      sortable: true,
      render: (asset) => <Typography.Text strong>{asset.display_name}</Typography.Text>,
    },
    { key: 'type_name', title: t('columns.type'), sortable: true },
    { key: 'created_at', title: t('columns.created'), sortable: true, render: (asset) => dates.date(asset.created_at) },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (asset: Asset) => <RowActions actions={rowActions(asset)} />,
          },
        ]
      : []),
  ];

  const filters = useMemo<FilterDef[]>(
    () => [
      { field: 'asset_id', label: t('columns.asset_id'), widget: 'textBuilder' },
      { field: 'display_name', label: t('columns.display_name'), widget: 'textBuilder' },
      { field: 'created_at', label: t('columns.created'), widget: 'dateRange' },
      ...customFieldFilters(fields),
    ],
    [t, fields],
  );

  const bulkAction = (target: BulkTarget, clear: () => void) => {
    const body = 'all' in target ? { ...target, ...(typeId ? { type_id: typeId } : {}) } : target;
    const change = archived ? (
      <Button size="small" onClick={() => void restore.mutateAsync(body).then(clear)}>
        {t('actions.restore')}
      </Button>
    ) : (
      <Button size="small" onClick={() => void archive.mutateAsync(body).then(clear)}>
        {t('actions.archive')}
      </Button>
    );
    // Labels of the assets in use: by filter, the server prints the ones in use.
    return (
      <>
        {canManage ? change : null}
        {archived ? null : <PrintLabelsButton selection={body} />}
      </>
    );
  };

  const links: ToolbarAction[] = [
    ...(!archived && canManage
      ? [{ key: 'new', label: t('assets.new'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => setForm({}) }]
      : []),
    // Imports go to one type: offered once a type is chosen.
    ...(importTarget
      ? [{ key: 'import', label: t('bulk-import:open'), icon: <ImportOutlined aria-hidden />, onClick: bulkImport.open }]
      : []),
    ...(archived
      ? [{ key: 'assets', label: t('links.assets'), onClick: () => void navigate('/assets') }]
      : canAny(ability, 'SST_VIEW_ARCHIVED_ASSETS')
        ? [{ key: 'archive', label: t('links.assets_archive'), onClick: () => void navigate('/assets/archive') }]
        : []),
    ...(canAny(ability, 'SST_VIEW_ASSET_TYPE')
      ? [{ key: 'types', label: t('links.types'), onClick: () => void navigate('/assets/types') }]
      : []),
  ];

  return (
    <div>
      <PageHeader title={archived ? t('assets.archive_title') : t('assets.title')}>
        <ToolbarActions actions={links} />
      </PageHeader>
      <TypeChooser value={typeId} onChange={chooseType} />
      <DataTable<Asset>
        tableId={archived ? ASSET_TABLES.assetsArchive : ASSET_TABLES.assets}
        columns={columns}
        dynamicFields={fields}
        filters={filters}
        search={{ field: 'display_name', label: t('assets.search') }}
        load={load}
        keepParams={[TYPE_PARAM]}
        rowKey={(asset) => asset.id}
        savedQueries
        bulkByFilter
        renderActions={canManage || !archived ? bulkAction : undefined}
        onRowClick={(asset) => void navigate(`/assets/${asset.id}`)}
        onCreate={!archived && canManage ? () => setForm({}) : undefined}
        createLabel={t('assets.new')}
      />
      {bulkImport.wizard}
      {form ? <AssetFormModal asset={form.asset} defaultTypeId={typeId} onClose={() => setForm(null)} /> : null}
      {deleting ? (
        <TypeToConfirmDialog
          title={t('assets.confirm_delete', { name: deleting.display_name })}
          expected={deleting.display_name}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
