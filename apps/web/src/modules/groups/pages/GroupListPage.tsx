import { PlusOutlined } from '@ant-design/icons';
import { pickName, type Group } from '@vigil/contracts';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/Can.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { GROUPS_TABLE, loadGroups, useDeleteGroup } from '../api.ts';
import { GroupModal } from '../components/GroupModal.tsx';

/** `/group/list`: groups on the shared DataTable (search, sort, saved queries); add, edit, delete (confirm); members. */
export function GroupListPage() {
  const { t, i18n } = useTranslation(['groups', 'common']);
  const remove = useDeleteGroup();
  const canManage = canAny(useAppAbility(), 'USR_MANAGE_GROUP');
  const [modal, setModal] = useState<{ group: Group | null } | null>(null);

  const columns: DataTableColumn<Group>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      sortable: true,
      fixed: true,
      render: (group) => <Typography.Text strong>{pickName(group.name_lang, i18n.language)}</Typography.Text>,
    },
    { key: 'users_count', title: t('columns.users'), sortable: true },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (group: Group) => (
              <RowActions
                actions={[
                  { label: t('members'), to: `/group/${group.id}/users` },
                  { label: t('edit'), onClick: () => setModal({ group }) },
                  {
                    label: t('delete'),
                    confirm: {
                      title: t('confirm_delete', { name: pickName(group.name_lang, i18n.language) ?? '' }),
                      danger: true,
                      onConfirm: () => remove.mutateAsync(group.id),
                    },
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader title={t('title')}>
        <Can I="USR_MANAGE_GROUP">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ group: null })}>
            {t('add')}
          </Button>
        </Can>
      </PageHeader>
      <DataTable<Group>
        tableId={GROUPS_TABLE}
        columns={columns}
        search={{ field: 'search', label: t('search') }}
        load={loadGroups}
        rowKey={(group) => group.id}
        savedQueries
        onCreate={canManage ? () => setModal({ group: null }) : undefined}
        createLabel={t('add')}
      />
      <GroupModal open={Boolean(modal)} group={modal?.group ?? null} onClose={() => setModal(null)} />
    </div>
  );
}
