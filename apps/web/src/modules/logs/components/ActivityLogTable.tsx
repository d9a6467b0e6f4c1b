import { ACTIVITY_LOG_TABLES, ACTIVITY_OBJECT_TYPES, ACTIVITY_TYPES, type ActivityLogEntry } from '@vigil/contracts';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type FilterDef } from '../../../components/data-table/index.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { loadActivity, loadActivityUsers } from '../api.ts';
import { ActivityChanges } from './ActivityChanges.tsx';
import { ActivityObject } from './ActivityObject.tsx';

/** The activity records of the workspace (`users`) or of the caller only (`mine`), on the shared DataTable. */
export function ActivityLogTable({ scope }: { scope: 'mine' | 'users' }) {
  const { t } = useTranslation('logs');
  const dates = useDateFormat();
  const everyone = scope === 'users';

  const columns = useMemo<DataTableColumn<ActivityLogEntry>[]>(
    () => [
      {
        key: 'created_at',
        title: t('columns.when'),
        sortable: true,
        fixed: true,
        render: (entry) => <time dateTime={entry.created_at}>{dates.when(entry.created_at)}</time>,
      },
      ...(everyone
        ? [
            {
              key: 'user_name',
              title: t('columns.user'),
              sortable: true,
              render: (entry: ActivityLogEntry) =>
                entry.user ? (
                  <span>
                    {entry.user.full_name} <Typography.Text type="secondary">{entry.user.email}</Typography.Text>
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('unknown_user')}</Typography.Text>
                ),
            },
          ]
        : []),
      { key: 'type', title: t('columns.type'), sortable: true, render: (entry) => t(`types.${entry.type}`, { defaultValue: entry.type }) },
      {
        key: 'object_type',
        title: t('columns.object'),
        sortable: true,
        render: (entry) => <ActivityObject entry={entry} />,
      },
      { key: 'changes', title: t('columns.changes'), render: (entry) => <ActivityChanges entry={entry} /> },
      { key: 'ip', title: t('columns.ip'), sortable: true },
    ],
    [t, dates, everyone],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      ...(everyone ? [{ field: 'user', label: t('filters.user'), widget: 'asyncSelect' as const, loadOptions: loadActivityUsers }] : []),
      {
        field: 'type',
        label: t('filters.type'),
        widget: 'select',
        options: ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`types.${type}`, { defaultValue: type }) })),
      },
      {
        field: 'object_type',
        label: t('filters.object_type'),
        widget: 'select',
        options: ACTIVITY_OBJECT_TYPES.map((type) => ({ value: type, label: t(`objects.${type}`) })),
      },
      { field: 'object_name', label: t('filters.object_name'), widget: 'text' },
      { field: 'created_at', label: t('filters.date'), widget: 'dateRange' },
    ],
    [t, everyone],
  );
  const load = useMemo(() => loadActivity(scope), [scope]);

  return (
    <DataTable<ActivityLogEntry>
      tableId={ACTIVITY_LOG_TABLES[scope]}
      columns={columns}
      filters={filters}
      load={load}
      rowKey={(entry) => entry.id}
      savedQueries
    />
  );
}
