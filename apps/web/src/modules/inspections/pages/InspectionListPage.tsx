import { PlayCircleOutlined } from '@ant-design/icons';
import { INSPECTION_STATUSES, INSPECTION_TABLES, type BulkResult, type Inspection, type ListQueryInput } from '@vigil/contracts';
import { Button, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpenPath } from '../../../app/useCanOpenPath.ts';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type BulkTarget, type DataTableColumn, type FilterDef } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions, type RowAction } from '../../../components/RowActions.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import type { ApiBody } from '../../../lib/http.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  ARCHIVE_PATH,
  inspectionPath,
  reportPath,
  INSPECTIONS_PATH,
  loadInspections,
  loadStartableTemplates,
  START_PATH,
  START_PERMISSIONS,
  useArchiveInspection,
  useArchiveInspections,
  useDeleteInspection,
  useDeleteInspections,
  useRestoreInspection,
  useRestoreInspections,
} from '../api.ts';
import { InspectionStatusTag } from '../components/InspectionStatusTag.tsx';

/** `/inspections`: every inspection the user may see; open or continue, archive, delete (one, a selection, all matching); start one. */
export const InspectionListPage = () => <InspectionsScreen archived={false} />;
/** `/inspections/archive`: archived inspections; restore, delete for good (one, a selection, all matching). */
export const InspectionArchivePage = () => <InspectionsScreen archived />;

/** The server's toast names the count; when it has none, ours does. */
async function withCountToast(call: Promise<ApiBody<BulkResult>>, message: (count: number) => string, then: () => void) {
  const answer = await call;
  if (!answer.message) showToast('success', message(answer.data.count));
  then();
  return { ...answer, message: answer.message ?? message(answer.data.count) };
}

function InspectionsScreen({ archived }: { archived: boolean }) {
  const { t } = useTranslation('inspections');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const confirm = useConfirmDialog();
  const ability = useAppAbility();
  const me = useSession()?.userData.id;
  const canOpen = useCanOpenPath();
  const canManage = canAny(ability, 'INS_MANAGE_INSPECTIONS');
  const canStart = !archived && canAny(ability, START_PERMISSIONS);
  const canConduct = canAny(ability, 'INS_CONDUCT_INSPECTIONS');
  const archiveMany = useArchiveInspections();
  const restoreMany = useRestoreInspections();
  const deleteMany = useDeleteInspections();
  const archiveOne = useArchiveInspection();
  const restoreOne = useRestoreInspection();
  const deleteOne = useDeleteInspection();
  // How many rows match, for the confirmation of a bulk action on all of them.
  const [total, setTotal] = useState(0);

  const load = useCallback(
    async (query: ListQueryInput) => {
      const page = await loadInspections(archived, query);
      setTotal(page.pagination.total);
      return page;
    },
    [archived],
  );

  /** Whether the user answers this one: their own open inspection, or any as a manager. */
  const answers = (row: Inspection) =>
    !archived && row.status !== 'completed' && (canManage || (canConduct && row.auditor !== null && row.auditor.id === me));
  const nameOf = (row: Inspection) => t('inspection_name', { number: row.number, title: row.title });

  const rowActions = (row: Inspection): (RowAction | false)[] => {
    const named = { name: nameOf(row) };
    // A completed inspection is read as its report; an open one on its screen.
    const open: RowAction | false =
      row.status === 'completed'
        ? canOpen(reportPath(row.id)) && {
            label: t('actions.view_report'),
            ariaLabel: t('actions.view_report_named', named),
            to: reportPath(row.id),
          }
        : canOpen(inspectionPath(row.id)) && {
            label: answers(row) ? t('actions.continue') : t('actions.open'),
            ariaLabel: t(answers(row) ? 'actions.continue_named' : 'actions.open_named', named),
            to: inspectionPath(row.id),
          };
    if (!canManage) return [open];
    const remove: RowAction = {
      label: t('actions.delete'),
      ariaLabel: t('actions.delete_named', named),
      confirm: {
        title: t('confirm.delete', named),
        content: t('confirm.delete_text'),
        okText: t('actions.delete_for_good'),
        danger: true,
        onConfirm: () => deleteOne.mutateAsync(row.id),
      },
    };
    return archived
      ? [
          open,
          { label: t('actions.restore'), ariaLabel: t('actions.restore_named', named), onClick: () => void restoreOne.mutateAsync(row.id) },
          remove,
        ]
      : [
          open,
          {
            label: t('actions.archive'),
            ariaLabel: t('actions.archive_named', named),
            confirm: { title: t('confirm.archive', named), okText: t('actions.archive'), onConfirm: () => archiveOne.mutateAsync(row.id) },
          },
          remove,
        ];
  };

  const dash = t('none');
  const columns: DataTableColumn<Inspection>[] = [
    { key: 'number', title: t('columns.number'), sortable: true, fixed: true, render: (row) => t('number', { number: row.number }) },
    {
      key: 'title',
      title: t('columns.template'),
      sortable: true,
      render: (row) => <Typography.Text strong>{row.title}</Typography.Text>,
    },
    { key: 'status', title: t('columns.status'), sortable: true, render: (row) => <InspectionStatusTag status={row.status} /> },
    { key: 'asset', title: t('columns.asset'), render: (row) => row.asset?.display_name ?? dash },
    { key: 'auditor', title: t('columns.auditor'), render: (row) => row.auditor?.name ?? dash },
    { key: 'started_at', title: t('columns.started_at'), sortable: true, render: (row) => dates.when(row.started_at) },
    { key: 'updated_at', title: t('columns.updated_at'), sortable: true, render: (row) => dates.when(row.updated_at) },
    {
      key: 'completed_at',
      title: t('columns.completed_at'),
      sortable: true,
      render: (row) => (row.completed_at ? dates.when(row.completed_at) : dash),
    },
    {
      key: 'score',
      title: t('columns.score'),
      sortable: true,
      render: (row) =>
        row.score === null
          ? dash
          : t('score', { score: new Intl.NumberFormat(dates.language, { maximumFractionDigits: 1 }).format(row.score) }),
    },
    { key: 'failed_count', title: t('columns.failed_count'), sortable: true },
    ...(archived
      ? [
          {
            key: 'archived_at',
            title: t('columns.archived_at'),
            render: (row: Inspection) => (row.archived_at ? dates.when(row.archived_at) : dash),
          },
        ]
      : []),
    { key: 'actions', title: t('columns.actions'), fixed: true, render: (row) => <RowActions actions={rowActions(row)} /> },
  ];

  const canSearchAssets = canAny(ability, ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET']);
  const canSearchPeople = canAny(ability, ['USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_MANAGE_GROUP']);
  const filters = useMemo<FilterDef[]>(
    () => [
      {
        field: 'status',
        label: t('columns.status'),
        widget: 'select',
        options: INSPECTION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      },
      {
        field: 'template_id',
        label: t('columns.template'),
        widget: 'asyncSelect',
        loadOptions: async ({ q }) => (await loadStartableTemplates(q)).map((template) => ({ value: template.id, label: template.title })),
      },
      ...(canSearchAssets
        ? [
            {
              field: 'asset_id',
              label: t('columns.asset'),
              widget: 'asyncSelect' as const,
              loadOptions: async ({ q, ids }: { q: string; ids?: string[] }) =>
                (
                  await api('GET /api/assets/search', { query: ids?.length ? { ids } : q ? { q: q.slice(0, 100) } : {} }, { silent: true })
                ).data.map((asset) => ({ value: asset.id, label: `${asset.asset_id} · ${asset.display_name}` })),
            },
          ]
        : []),
      ...(canSearchPeople
        ? [
            {
              field: 'auditor_id',
              label: t('columns.auditor'),
              widget: 'asyncSelect' as const,
              loadOptions: async ({ q }: { q: string }) =>
                (await api('GET /api/user/search', { query: q ? { q: q.slice(0, 100) } : {} }, { silent: true })).data.map((person) => ({
                  value: person.id,
                  label: person.full_name,
                })),
            },
          ]
        : []),
      { field: 'started_at', label: t('columns.started_at'), widget: 'dateRange' },
      { field: 'updated_at', label: t('columns.updated_at'), widget: 'dateRange' },
      { field: 'completed_at', label: t('columns.completed_at'), widget: 'dateRange' },
      { field: 'score', label: t('columns.score'), widget: 'numberBuilder' },
      { field: 'failed_count', label: t('columns.failed_count'), widget: 'numberBuilder' },
    ],
    [t, canSearchAssets, canSearchPeople],
  );

  const bulkAction = (target: BulkTarget, clear: () => void) => {
    const count = 'ids' in target ? target.ids.length : total;
    const archiveAll = () =>
      void confirm({
        title: t('confirm.archive_many', { count }),
        okText: t('actions.archive'),
        onConfirm: () => withCountToast(archiveMany.mutateAsync(target), (done) => t('done.archived', { count: done }), clear),
      });
    const restoreAll = () => void withCountToast(restoreMany.mutateAsync(target), (done) => t('done.restored', { count: done }), clear);
    const deleteAll = () =>
      void confirm({
        title: t('confirm.delete_many', { count }),
        content: t('confirm.delete_text'),
        okText: t('actions.delete_for_good'),
        danger: true,
        onConfirm: () =>
          withCountToast(deleteMany.mutateAsync({ ...target, archived }), (done) => t('done.deleted', { count: done }), clear),
      });
    return (
      <>
        <Button size="small" onClick={archived ? restoreAll : archiveAll}>
          {archived ? t('actions.restore') : t('actions.archive')}
        </Button>
        <Button size="small" danger onClick={deleteAll}>
          {t('actions.delete')}
        </Button>
      </>
    );
  };

  const links: ToolbarAction[] = [
    ...(canStart
      ? [
          {
            key: 'start',
            label: t('start.action'),
            icon: <PlayCircleOutlined aria-hidden />,
            primary: true,
            onClick: () => void navigate(START_PATH),
          },
        ]
      : []),
    ...(archived
      ? canOpen(INSPECTIONS_PATH)
        ? [{ key: 'list', label: t('links.inspections'), onClick: () => void navigate(INSPECTIONS_PATH) }]
        : []
      : canOpen(ARCHIVE_PATH)
        ? [{ key: 'archive', label: t('links.archive'), onClick: () => void navigate(ARCHIVE_PATH) }]
        : []),
  ];

  return (
    <div>
      <PageHeader title={archived ? t('archive_title') : t('title')}>
        <ToolbarActions actions={links} />
      </PageHeader>
      <DataTable<Inspection>
        tableId={archived ? INSPECTION_TABLES.archive : INSPECTION_TABLES.inspections}
        columns={columns}
        filters={filters}
        search={{ field: 'search', label: t('search') }}
        load={load}
        rowKey={(row) => row.id}
        savedQueries
        bulkByFilter
        renderActions={canManage ? bulkAction : undefined}
        onRowClick={(row) => {
          const target = row.status === 'completed' ? reportPath(row.id) : inspectionPath(row.id);
          if (canOpen(target)) void navigate(target);
        }}
        onCreate={canStart ? () => void navigate(START_PATH) : undefined}
        createLabel={t('start.action')}
      />
    </div>
  );
}
