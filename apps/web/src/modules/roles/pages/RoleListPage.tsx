import { PlusOutlined } from '@ant-design/icons';
import { pickName, type Role } from '@vigil/contracts';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDeleteRole, useMakeDefaultRole, useRoles } from '../api.ts';
import { RoleDrawer } from '../components/RoleDrawer.tsx';

const nameOf = (role: Role, language: string) => pickName(role.name_lang, language) ?? '';

/** `/user/role`: roles, new role with the permission picker, default role; system roles show but cannot change. */
export function RoleListPage() {
  const { t, i18n } = useTranslation(['roles', 'common']);
  const roles = useRoles();
  const remove = useDeleteRole();
  const makeDefault = useMakeDefaultRole();
  const [search, setSearch] = useState('');
  const [drawer, setDrawer] = useState<{ role: Role | null } | null>(null);
  const needle = search.trim().toLocaleLowerCase();
  const shown = (roles.data ?? []).filter(
    (role) => !needle || Object.values(role.name_lang).some((name) => name.toLocaleLowerCase().includes(needle)),
  );

  return (
    <div>
      <PageHeader title={t('title')}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 240 }}
          />
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ role: null })}>
            {t('new')}
          </Button>
        </Space>
      </PageHeader>
      <Table<Role>
        rowKey="id"
        loading={roles.isFetching}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 640 }}
        columns={[
          {
            key: 'name',
            title: t('columns.name'),
            render: (_value, role) => (
              <Space wrap>
                <Typography.Text strong>{nameOf(role, i18n.language)}</Typography.Text>
                {role.is_system && <Tag>{t('tags.system')}</Tag>}
                {role.isDefault && <Tag color="blue">{t('tags.default')}</Tag>}
              </Space>
            ),
          },
          { key: 'permissions', title: t('columns.permissions'), render: (_value, role) => role.permissions.length },
          { key: 'users', title: t('columns.users'), dataIndex: 'users_count' },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_value, role) => (
              <RowActions
                actions={[
                  {
                    label: role.is_system ? t('actions.view') : t('actions.edit'),
                    ariaLabel: `${role.is_system ? t('actions.view') : t('actions.edit')} ${nameOf(role, i18n.language)}`,
                    onClick: () => setDrawer({ role }),
                  },
                  !role.isDefault && {
                    label: t('actions.make_default'),
                    confirm: {
                      title: t('confirm.make_default', { name: nameOf(role, i18n.language) }),
                      onConfirm: () => makeDefault.mutateAsync(role.id),
                    },
                  },
                  !role.is_system &&
                    !role.isDefault && {
                      label: t('actions.delete'),
                      confirm: {
                        title: t('confirm.delete', { name: nameOf(role, i18n.language) }),
                        danger: true,
                        onConfirm: () => remove.mutateAsync(role.id),
                      },
                    },
                ]}
              />
            ),
          },
        ]}
      />
      <RoleDrawer open={Boolean(drawer)} role={drawer?.role ?? null} onClose={() => setDrawer(null)} />
    </div>
  );
}
