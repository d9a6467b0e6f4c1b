import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { GLOBAL_LIST_TABLES, type GlobalListDetail, type GlobalListItem, type ListQueryInput } from '@vigil/contracts';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
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
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import {
  itemImportTarget,
  loadGlobalListItems,
  useArchiveItems,
  useDeleteItem,
  useGlobalList,
  useReloadItems,
  useRestoreItem,
  useRestoreItems,
} from '../api.ts';
import { ItemFormModal } from '../components/ItemFormModal.tsx';

/** `/resources/global-lists/:uuid/items`: a list's items in use, its fields as columns and filters; read-only without the manage permission. */
export const GlobalListItemsPage = () => <ItemsScreen archived={false} />;
/** `/resources/global-lists/:uuid/items/archive`: a list's archived items; restore (one, a selection or all matching), delete for good. */
export const GlobalListItemArchivePage = () => <ItemsScreen archived />;

function ItemsScreen({ archived }: { archived: boolean }) {
  const { uuid = '' } = useParams();
  const { data: list } = useGlobalList(uuid);
  return list ? <ItemsTable key={list.uuid} list={list} archived={archived} /> : <Skeleton active />;
}

function ItemsTable({ list, archived }: { list: GlobalListDetail; archived: boolean }) {
  const { t } = useTranslation(['global-lists', 'bulk-import']);
  const dates = useDateFormat();
  const navigate = useNavigate();
  const canManage = canAny(useAppAbility(), 'RES_MANAGE_GLOBAL_LISTS');
  // An archived list's items cannot change: its page only reads them.
  const canChange = canManage && !list.archived_at;
  const listId = list.uuid;
  const archive = useArchiveItems(listId);
  const restore = useRestoreItems(listId);
  const restoreOne = useRestoreItem(listId);
  const remove = useDeleteItem(listId);
  const [form, setForm] = useState<{ item?: GlobalListItem } | null>(null);
  const [deleting, setDeleting] = useState<GlobalListItem | null>(null);
  const usedFields = useMemo(() => list.fields.filter((field) => field.is_used), [list.fields]);
  const importTarget = useMemo(
    () => (!archived && canChange ? itemImportTarget(listId, list.name) : null),
    [archived, canChange, listId, list.name],
  );
  const bulkImport = useBulkImport(importTarget, useReloadItems());
  const load = useCallback((query: ListQueryInput) => loadGlobalListItems(archived, listId, query), [archived, listId]);

  const rowActions = (item: GlobalListItem): RowAction[] => {
    const named = { name: item.display_name };
    return archived
      ? [
          {
            label: t('actions.restore'),
            ariaLabel: t('actions.restore_named', named),
            onClick: () => void restoreOne.mutateAsync(item.item_id),
          },
          { label: t('actions.delete'), ariaLabel: t('actions.delete_named', named), onClick: () => setDeleting(item) },
        ]
      : [
          { label: t('actions.edit'), ariaLabel: t('actions.edit_named', named), onClick: () => setForm({ item }) },
          {
            label: t('actions.archive'),
            ariaLabel: t('actions.archive_named', named),
            confirm: { title: t('items.confirm_archive', named), onConfirm: () => archive.mutateAsync({ ids: [item.item_id] }) },
          },
        ];
  };

  const columns: DataTableColumn<GlobalListItem>[] = [
    {
      key: 'display_name',
      title: t('columns.display_name'),
      sortable: true,
      fixed: true,
      render: (item) => <Typography.Text strong>{item.display_name}</Typography.Text>,
    },
    {
      key: 'item_id',
      title: t('columns.item_id'),
      render: (item) => (
        <Typography.Text type="secondary" copyable={{ text: item.item_id }}>
          {item.item_id.slice(0, 8)}
        </Typography.Text>
      ),
    },
    { key: 'created_at', title: t('columns.created'), sortable: true, render: (item) => dates.date(item.created_at) },
    ...(archived
      ? [
          {
            key: 'archived_at',
            title: t('columns.archived'),
            render: (item: GlobalListItem) => (item.archived_at ? dates.date(item.archived_at) : ''),
          },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (item: GlobalListItem) => <RowActions actions={rowActions(item)} />,
          },
        ]
      : []),
  ];

  const filters = useMemo<FilterDef[]>(
    () => [
      { field: 'display_name', label: t('columns.display_name'), widget: 'textBuilder' },
      { field: 'created_at', label: t('columns.created'), widget: 'dateRange' },
      ...customFieldFilters(usedFields),
    ],
    [t, usedFields],
  );

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

  const base = `/resources/global-lists/${listId}`;
  const links: ToolbarAction[] = [
    ...(!archived && canChange
      ? [
          { key: 'new', label: t('items.new'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => setForm({}) },
          { key: 'import', label: t('bulk-import:open'), icon: <ImportOutlined aria-hidden />, onClick: bulkImport.open },
        ]
      : []),
    ...(canManage
      ? [
          archived
            ? { key: 'items', label: t('links.items'), onClick: () => void navigate(`${base}/items`) }
            : { key: 'archive', label: t('links.items_archive'), onClick: () => void navigate(`${base}/items/archive`) },
          { key: 'fields', label: t('links.fields'), onClick: () => void navigate(base) },
        ]
      : []),
    { key: 'lists', label: t('links.lists'), onClick: () => void navigate('/resources/global-lists') },
  ];

  return (
    <div>
      <PageHeader title={t(archived ? 'items.archive_title' : 'items.title', { name: list.name })}>
        <ToolbarActions actions={links} />
      </PageHeader>
      {list.archived_at ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('lists.archived_notice')} /> : null}
      <DataTable<GlobalListItem>
        tableId={archived ? GLOBAL_LIST_TABLES.itemsArchive : GLOBAL_LIST_TABLES.items}
        scope={listId}
        columns={columns}
        dynamicFields={usedFields}
        filters={filters}
        search={{ field: 'search', label: t('items.search') }}
        load={load}
        rowKey={(item) => item.item_id}
        savedQueries
        bulkByFilter
        renderActions={canChange ? bulkAction : undefined}
        onRowClick={!archived && canChange ? (item) => setForm({ item }) : undefined}
        onCreate={!archived && canChange ? () => setForm({}) : undefined}
        createLabel={t('items.new')}
      />
      {bulkImport.wizard}
      {form ? <ItemFormModal listId={listId} fields={usedFields} item={form.item} onClose={() => setForm(null)} /> : null}
      {deleting ? (
        <TypeToConfirmDialog
          title={t('items.confirm_delete', { name: deleting.display_name })}
          expected={deleting.display_name}
          onConfirm={() => remove.mutateAsync(deleting.item_id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
