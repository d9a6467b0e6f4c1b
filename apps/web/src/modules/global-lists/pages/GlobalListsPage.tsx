import { PlusOutlined } from '@ant-design/icons';
import { GLOBAL_LIST_TABLES, GlobalListBodySchema, type GlobalList, type ListQueryInput } from '@vigil/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type BulkTarget, type DataTableColumn, type FilterDef } from '../../../components/data-table/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions, type RowAction } from '../../../components/RowActions.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { TypeToConfirmDialog } from '../../../components/TypeToConfirmDialog.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import {
  loadGlobalLists,
  useArchiveGlobalLists,
  useCreateGlobalList,
  useDeleteGlobalList,
  useRestoreGlobalList,
  useRestoreGlobalLists,
} from '../api.ts';

/** `/resources/global-lists`: the lists in use, opening on their items; create, archive (one, a selection or all matching). */
export const GlobalListsPage = () => <GlobalListsScreen archived={false} />;
/** `/resources/global-lists/archive`: archived lists; restore (one, a selection or all matching), delete for good. */
export const GlobalListArchivePage = () => <GlobalListsScreen archived />;

const loadInUse = (query: ListQueryInput) => loadGlobalLists(false, query);
const loadArchived = (query: ListQueryInput) => loadGlobalLists(true, query);

function GlobalListsScreen({ archived }: { archived: boolean }) {
  const { t } = useTranslation('global-lists');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const canManage = canAny(useAppAbility(), 'RES_MANAGE_GLOBAL_LISTS');
  const archive = useArchiveGlobalLists();
  const restore = useRestoreGlobalLists();
  const restoreOne = useRestoreGlobalList();
  const remove = useDeleteGlobalList();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<GlobalList | null>(null);

  const rowActions = (list: GlobalList): RowAction[] => {
    const named = { name: list.name };
    return archived
      ? [
          {
            label: t('actions.restore'),
            ariaLabel: t('actions.restore_named', named),
            onClick: () => void restoreOne.mutateAsync(list.uuid),
          },
          { label: t('actions.delete'), ariaLabel: t('actions.delete_named', named), onClick: () => setDeleting(list) },
        ]
      : [
          {
            label: t('links.fields'),
            ariaLabel: t('actions.fields_named', named),
            onClick: () => void navigate(`/resources/global-lists/${list.uuid}`),
          },
          {
            label: t('actions.archive'),
            ariaLabel: t('actions.archive_named', named),
            confirm: { title: t('lists.confirm_archive', named), onConfirm: () => archive.mutateAsync({ ids: [list.uuid] }) },
          },
        ];
  };

  const columns: DataTableColumn<GlobalList>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      sortable: true,
      fixed: true,
      render: (list) => <Typography.Text strong>{list.name}</Typography.Text>,
    },
    { key: 'id', title: t('columns.number'), sortable: true },
    { key: 'fields_count', title: t('columns.fields'), sortable: true },
    { key: 'items_count', title: t('columns.items'), sortable: true },
    { key: 'created_at', title: t('columns.created'), sortable: true, render: (list) => dates.date(list.created_at) },
    ...(archived
      ? [
          {
            key: 'archived_at',
            title: t('columns.archived'),
            render: (list: GlobalList) => (list.archived_at ? dates.date(list.archived_at) : ''),
          },
        ]
      : []),
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (list: GlobalList) => <RowActions actions={rowActions(list)} />,
          },
        ]
      : []),
  ];

  const filters: FilterDef[] = [
    { field: 'name', label: t('columns.name'), widget: 'textBuilder' },
    { field: 'created_at', label: t('columns.created'), widget: 'dateRange' },
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

  const links: ToolbarAction[] = canManage
    ? [
        ...(archived
          ? [{ key: 'lists', label: t('links.lists'), onClick: () => void navigate('/resources/global-lists') }]
          : [
              { key: 'new', label: t('lists.new'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => setCreating(true) },
              { key: 'archive', label: t('links.lists_archive'), onClick: () => void navigate('/resources/global-lists/archive') },
            ]),
      ]
    : [];

  return (
    <div>
      <PageHeader title={archived ? t('lists.archive_title') : t('lists.title')}>
        <ToolbarActions actions={links} />
      </PageHeader>
      <DataTable<GlobalList>
        tableId={archived ? GLOBAL_LIST_TABLES.listsArchive : GLOBAL_LIST_TABLES.lists}
        columns={columns}
        filters={filters}
        search={{ field: 'name', label: t('lists.search') }}
        load={archived ? loadArchived : loadInUse}
        rowKey={(list) => list.uuid}
        savedQueries
        bulkByFilter
        renderActions={canManage ? bulkAction : undefined}
        // An archived list shows its fields (and is restored there); one in use opens on its items.
        onRowClick={(list) => void navigate(`/resources/global-lists/${list.uuid}${archived ? '' : '/items'}`)}
        onCreate={!archived && canManage ? () => setCreating(true) : undefined}
        createLabel={t('lists.new')}
      />
      {creating ? <NewGlobalListModal onClose={() => setCreating(false)} /> : null}
      {deleting ? (
        <TypeToConfirmDialog
          title={t('lists.confirm_delete', { name: deleting.name })}
          expected={deleting.name}
          onConfirm={() => remove.mutateAsync(deleting.uuid)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

/** Names a new list (without fields) and opens it, where its fields are added. */
function NewGlobalListModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('global-lists');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateGlobalList();
  return (
    <FormModal
      form={form}
      title={t('lists.new')}
      okText={t('actions.create')}
      pending={create.isPending}
      onClose={onClose}
      onFinish={({ name }) =>
        create.mutate(
          { name },
          {
            onSuccess: ({ data }) => void navigate(`/resources/global-lists/${data.uuid}`),
            onError: (error) => showFieldErrors(form, error),
          },
        )
      }
    >
      <Form.Item name="name" label={t('columns.name')} rules={[schemaRule(GlobalListBodySchema.shape.name, t, { required: true })]}>
        <Input autoFocus />
      </Form.Item>
    </FormModal>
  );
}
