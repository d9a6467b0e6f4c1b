import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import { MEMBER_STATUSES, pickName, type MemberStatus, type UserListItem } from '@vigil/contracts';
import { Button, Dropdown, Space, Tag, Typography, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/Can.tsx';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type FilterDef } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { loadUsers, useMemberAction, USERS_TABLE, type MemberAction } from '../api.ts';
import { UserFormModal } from '../components/UserFormModal.tsx';
import { UserRolesModal } from '../components/UserRolesModal.tsx';

const STATUS_COLOURS: Record<MemberStatus, string> = { invited: 'gold', active: 'green', deactivated: 'default' };
const ACTIONS_BY_STATUS: Record<MemberStatus, MemberAction[]> = {
  invited: ['resend', 'cancel'],
  active: ['deactivate'],
  deactivated: ['activate'],
};

/** `/user/list`: members of the workspace on the shared DataTable (search, filters, saved queries); invite and manage (spec 1 §2). */
export function UserListPage() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const dates = useDateFormat();
  const canManage = canAny(useAppAbility(), 'USR_MANAGE_USER');
  const confirm = useConfirmDialog();
  const action = useMemberAction();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [rolesOf, setRolesOf] = useState<UserListItem | null>(null);

  const run = (user: UserListItem, kind: MemberAction) =>
    confirm({
      title: t(`confirm.${kind}`, { name: user.full_name }),
      danger: kind === 'cancel' || kind === 'deactivate',
      onConfirm: () => action.mutateAsync({ id: user.id, action: kind }),
    });

  const menuOf = (user: UserListItem): MenuProps => ({
    items: [
      // An invited person has accepted nothing yet: the workspace edits them once they have.
      ...(user.status === 'invited'
        ? []
        : [
            { key: 'edit', label: t('actions.edit') },
            { key: 'roles', label: t('actions.roles') },
          ]),
      { type: 'divider' as const },
      ...ACTIONS_BY_STATUS[user.status].map((kind) => ({
        key: kind,
        label: t(`actions.${kind}`),
        danger: kind === 'cancel' || kind === 'deactivate',
      })),
    ],
    onClick: ({ key }) => {
      if (key === 'edit') setEditing(user);
      else if (key === 'roles') setRolesOf(user);
      else void run(user, key as MemberAction);
    },
  });

  const columns: DataTableColumn<UserListItem>[] = [
    {
      key: 'full_name',
      title: t('columns.name'),
      sortable: true,
      fixed: true,
      render: (user) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{user.full_name}</Typography.Text>
          {user.nick_name && <Typography.Text type="secondary">@{user.nick_name}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'email', title: t('columns.email'), sortable: true },
    {
      key: 'roles',
      title: t('columns.roles'),
      render: (user) => user.roles.map((role) => <Tag key={role.id}>{pickName(role.name_lang, i18n.language)}</Tag>),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      render: (user) => <Tag color={STATUS_COLOURS[user.status]}>{t(`status.${user.status}`)}</Tag>,
    },
    { key: 'created_at', title: t('columns.created_at'), sortable: true, render: (user) => dates.date(user.created_at) },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            fixed: true,
            render: (user: UserListItem) => (
              <Dropdown menu={menuOf(user)} trigger={['click']}>
                <Button size="small" aria-label={t('actions.menu', { name: user.full_name })}>
                  {t('columns.actions')} <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            ),
          },
        ]
      : []),
  ];

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        field: 'status',
        label: t('columns.status'),
        widget: 'select',
        options: MEMBER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      },
      { field: 'email', label: t('columns.email'), widget: 'text' },
      { field: 'created_at', label: t('columns.created_at'), widget: 'dateRange' },
    ],
    [t],
  );

  return (
    <div>
      <PageHeader title={t('title')}>
        <Can I="USR_MANAGE_USER">
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
            {t('invite')}
          </Button>
        </Can>
      </PageHeader>
      <DataTable<UserListItem>
        tableId={USERS_TABLE}
        columns={columns}
        filters={filters}
        search={{ field: 'search', label: t('search') }}
        load={loadUsers}
        rowKey={(user) => user.id}
        savedQueries
      />
      <UserFormModal open={inviting} onClose={() => setInviting(false)} />
      <UserFormModal open={Boolean(editing)} user={editing ?? undefined} onClose={() => setEditing(null)} />
      <UserRolesModal user={rolesOf} onClose={() => setRolesOf(null)} />
    </div>
  );
}
