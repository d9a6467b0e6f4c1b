import '../templates.css';
import { FileTextOutlined, FolderAddOutlined, FolderOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type ListQueryInput } from '@vigil/contracts';
import { Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type FilterDef } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ToolbarActions } from '../../../components/ToolbarActions.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { START_PERMISSIONS, useStartInspection } from '../../inspections/index.ts';
import {
  ARCHIVED_TEMPLATES_TABLE,
  builderPath,
  loadTemplates,
  TEMPLATES_TABLE,
  useCloneTemplate,
  useDeleteFolder,
  useDeleteTemplate,
  useMoveTemplate,
  useSaveFolder,
  useSetArchived,
  type TemplateRow,
} from '../api.ts';
import { FolderChoiceModal } from '../components/FolderChoiceModal.tsx';
import { FolderNameModal } from '../components/FolderNameModal.tsx';
import { ImportModal } from '../components/ImportModal.tsx';
import { NewTemplateModal } from '../components/NewTemplateModal.tsx';
import { TemplateRowActions, type RowAction } from '../components/TemplateRowActions.tsx';
import { TemplateStatus } from '../components/TemplateStatus.tsx';

type Dialog =
  | { kind: 'new_template'; parentId: string | null }
  | { kind: 'import'; parentId: string | null }
  | { kind: 'folder'; parentId: string | null; folder?: { id: string; name: string } }
  | { kind: 'choose'; action: 'clone' | 'move' | 'move_folder'; row: TemplateRow };

/** `/checklist/templates`: folders and templates as a tree on the DataTable, with every action of spec 2 §2. */
export function TemplateListPage() {
  const { t } = useTranslation(['templates', 'common']);
  const navigate = useNavigate();
  const confirm = useConfirmDialog();
  const [archived, setArchived] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const move = useMoveTemplate();
  const clone = useCloneTemplate();
  const setArchivedState = useSetArchived();
  const removeTemplate = useDeleteTemplate();
  const saveFolder = useSaveFolder();
  const removeFolder = useDeleteFolder();
  const canStart = canAny(useAppAbility(), START_PERMISSIONS);
  const startInspection = useStartInspection();

  const load = useCallback((query: ListQueryInput) => loadTemplates(query, archived), [archived]);
  const dates = useDateFormat();

  const onAction = (action: RowAction, row: TemplateRow) => {
    switch (action) {
      case 'open':
        return void navigate(builderPath(row.id));
      case 'start_inspection':
        return startInspection.start(row);
      case 'clone':
      case 'move':
      case 'move_folder':
        return setDialog({ kind: 'choose', action, row });
      case 'new_template':
        return setDialog({ kind: 'new_template', parentId: row.id });
      case 'new_folder':
        return setDialog({ kind: 'folder', parentId: row.id });
      case 'rename':
        return setDialog({ kind: 'folder', parentId: row.parent_id, folder: { id: row.id, name: row.title } });
      case 'archive':
      case 'restore':
        return void confirm({
          title: t(`confirm.${action}`, { name: row.title }),
          okText: t(`actions.${action}`),
          onConfirm: () => setArchivedState.mutateAsync({ id: row.id, archived: action === 'archive' }),
        });
      case 'delete':
        return void confirm({
          title: t('confirm.delete', { name: row.title }),
          content: t('confirm.delete_text'),
          okText: t('actions.delete'),
          danger: true,
          onConfirm: () => removeTemplate.mutateAsync(row.id),
        });
      case 'delete_folder':
        // The server refuses a folder that still holds something; its message is shown and the dialog stays.
        return void confirm({
          title: t('confirm.delete_folder', { name: row.title }),
          okText: t('actions.delete_folder'),
          danger: true,
          onConfirm: () => removeFolder.mutateAsync(row.id),
        });
    }
  };

  const columns: DataTableColumn<TemplateRow>[] = [
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      fixed: true,
      render: (row) =>
        row.is_template ? (
          <Space size={6}>
            <FileTextOutlined aria-hidden />
            <Typography.Text className="template-title" ellipsis={{ tooltip: row.title }}>
              {archived ? (
                row.title
              ) : (
                <Link to={builderPath(row.id)} onClick={(event) => event.stopPropagation()}>
                  {row.title}
                </Link>
              )}
            </Typography.Text>
          </Space>
        ) : (
          <Space size={6}>
            <FolderOutlined aria-hidden />
            <Typography.Text className="template-title" strong ellipsis={{ tooltip: row.title }}>
              {row.title}
            </Typography.Text>
            <span className="visually-hidden">{t('folder.kind')}</span>
          </Space>
        ),
    },
    { key: 'status', title: t('columns.status'), render: (row) => (row.is_template ? <TemplateStatus row={row} /> : null) },
    { key: 'language', title: t('columns.language'), render: (row) => (row.is_template ? <Tag>{row.language.toUpperCase()}</Tag> : null) },
    { key: 'updated_at', title: t('columns.updated_at'), sortable: true, render: (row) => dates.dateTime(row.updated_at) },
    { key: 'created_at', title: t('columns.created_at'), sortable: true, render: (row) => dates.dateTime(row.created_at) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: true,
      render: (row) => <TemplateRowActions row={row} archived={archived} canStart={canStart} onAction={onAction} />,
    },
  ];

  const filters: FilterDef[] = [
    { field: 'published', label: t('filters.published'), widget: 'switch' },
    { field: 'has_draft', label: t('filters.has_draft'), widget: 'switch' },
    {
      field: 'language',
      label: t('filters.language'),
      widget: 'select',
      options: LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) })),
    },
    { field: 'updated_at', label: t('filters.updated_at'), widget: 'dateRange' },
    { field: 'created_at', label: t('filters.created_at'), widget: 'dateRange' },
  ];

  const choose = dialog?.kind === 'choose' ? dialog : null;

  return (
    <div>
      <PageHeader title={t('title')}>
        <ToolbarActions
          actions={[
            {
              key: 'new_folder',
              label: t('actions.new_folder'),
              icon: <FolderAddOutlined aria-hidden />,
              onClick: () => setDialog({ kind: 'folder', parentId: null }),
            },
            {
              key: 'import',
              label: t('actions.import'),
              icon: <ImportOutlined aria-hidden />,
              onClick: () => setDialog({ kind: 'import', parentId: null }),
            },
            {
              key: 'new_template',
              label: t('actions.new_template'),
              icon: <PlusOutlined aria-hidden />,
              onClick: () => setDialog({ kind: 'new_template', parentId: null }),
              primary: true,
            },
          ]}
        />
      </PageHeader>
      <Segmented
        aria-label={t('view.label')}
        style={{ marginBottom: 8 }}
        value={archived ? 'archived' : 'active'}
        options={[
          { value: 'active', label: t('view.active') },
          { value: 'archived', label: t('view.archived') },
        ]}
        onChange={(value) => setArchived(value === 'archived')}
      />
      <DataTable<TemplateRow>
        key={archived ? 'archived' : 'active'}
        tableId={archived ? ARCHIVED_TEMPLATES_TABLE : TEMPLATES_TABLE}
        columns={columns}
        filters={filters}
        search={{ field: 'title', label: t('search') }}
        load={load}
        rowKey={(row) => row.id}
        tree={{}}
        onRowClick={(row) => (row.is_template && !archived ? void navigate(builderPath(row.id)) : undefined)}
        onCreate={archived ? undefined : () => setDialog({ kind: 'new_template', parentId: null })}
        createLabel={t('actions.new_template')}
      />

      {startInspection.dialog}
      {dialog?.kind === 'new_template' ? <NewTemplateModal parentId={dialog.parentId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <ImportModal parentId={dialog.parentId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'folder' ? (
        <FolderNameModal parentId={dialog.parentId} folder={dialog.folder} onClose={() => setDialog(null)} />
      ) : null}
      {choose ? (
        <FolderChoiceModal
          title={t(`choose.${choose.action}`, { name: choose.row.title })}
          okText={t(`actions.${choose.action}`)}
          initial={choose.row.parent_id}
          excludeId={choose.action === 'move_folder' ? choose.row.id : undefined}
          onSubmit={(parentId) =>
            choose.action === 'clone'
              ? clone.mutateAsync({ id: choose.row.id, parent_id: parentId })
              : choose.action === 'move'
                ? move.mutateAsync({ id: choose.row.id, parent_id: parentId })
                : saveFolder.mutateAsync({ id: choose.row.id, body: { parent_id: parentId } })
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
