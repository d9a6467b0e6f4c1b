import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import { SEARCH_LIMIT_USERS, type MemberStatus, type UserListItem } from '@vigil/contracts';
import { Button, Dropdown, Input, Space, Table, Tag, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Can } from '../../../components/Can.tsx';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useMemberAction, useUserList, type MemberAction } from '../api.ts';
import { roleName } from '../components/roleName.ts';
import { UserFormModal } from '../components/UserFormModal.tsx';
import { UserRolesModal } from '../components/UserRolesModal.tsx';

const STATUS_COLOURS: Record<MemberStatus, string> = { invited: 'gold', active: 'green', deactivated: 'default' };
const ACTIONS_BY_STATUS: Record<MemberStatus, MemberAction[]> = {
  invited: ['resend', 'cancel'],
  active: ['deactivate'],
  deactivated: ['activate'],
};

/** `/user/list`: members of the workspace, search, invite and manage (spec 1 §2). */
export function UserListPage() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const limit = Number(searchParams.get('limit')) || SEARCH_LIMIT_USERS;
  const search = searchParams.get('search') ?? '';
  const list = useUserList({ page, limit, search });
  const ability = useAppAbility();
  const canManage = canAny(ability, 'USR_MANAGE_USER');
  const confirm = useConfirmDialog();
  const action = useMemberAction();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [rolesOf, setRolesOf] = useState<UserListItem | null>(null);

  const setParams = (next: Record<string, string | number>) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === '' || value === undefined) params.delete(key);
        else params.set(key, String(value));
      }
      return params;
    });

  const run = (user: UserListItem, kind: MemberAction) =>
    confirm({
      title: t(`confirm.${kind}`, { name: user.full_name }),
      danger: kind === 'cancel' || kind === 'deactivate',
      onConfirm: () => action.mutateAsync({ id: user.id, action: kind }),
    });

  const menuOf = (user: UserListItem): MenuProps => ({
    items: [
      { key: 'edit', label: t('actions.edit') },
      ...(user.status === 'invited' ? [] : [{ key: 'roles', label: t('actions.roles') }]),
      { type: 'divider' as const },
      ...ACTIONS_BY_STATUS[user.status].map((kind) => ({ key: kind, label: t(`actions.${kind}`), danger: kind === 'cancel' || kind === 'deactivate' })),
    ],
    onClick: ({ key }) => {
      if (key === 'edit') setEditing(user);
      else if (key === 'roles') setRolesOf(user);
      else void run(user, key as MemberAction);
    },
  });

  return (
    <div>
      <Space className="page-header" style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={search}
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(value) => setParams({ search: value.trim(), page: 1 })}
            style={{ width: 260 }}
          />
          <Can I="USR_MANAGE_USER">
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
              {t('invite')}
            </Button>
          </Can>
        </Space>
      </Space>
      <Table<UserListItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (nextPage, nextLimit) => setParams({ page: nextPage, limit: nextLimit }),
        }}
        scroll={{ x: 720 }}
        columns={[
          {
            key: 'name',
            title: t('columns.name'),
            render: (_value, user) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{user.full_name}</Typography.Text>
                {user.nick_name && <Typography.Text type="secondary">@{user.nick_name}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'email', dataIndex: 'email', title: t('columns.email') },
          {
            key: 'roles',
            title: t('columns.roles'),
            render: (_value, user) => user.roles.map((role) => <Tag key={role.id}>{roleName(role.name_lang, i18n.language)}</Tag>),
          },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_value, user) => <Tag color={STATUS_COLOURS[user.status]}>{t(`status.${user.status}`)}</Tag>,
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('columns.actions'),
                  render: (_value: unknown, user: UserListItem) => (
                    <Dropdown menu={menuOf(user)} trigger={['click']}>
                      <Button size="small" aria-label={t('actions.menu', { name: user.full_name })}>
                        {t('columns.actions')} <DownOutlined aria-hidden />
                      </Button>
                    </Dropdown>
                  ),
                },
              ]
            : []),
        ]}
      />
      <UserFormModal open={inviting} onClose={() => setInviting(false)} />
      <UserFormModal open={Boolean(editing)} user={editing ?? undefined} onClose={() => setEditing(null)} />
      <UserRolesModal user={rolesOf} onClose={() => setRolesOf(null)} />
    </div>
  );
}
