import { ArrowLeftOutlined } from '@ant-design/icons';
import { pickName, type GroupMember } from '@vigil/contracts';
import { Button, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RowActions } from '../../../components/RowActions.tsx';
import { useApi } from '../../../lib/api.ts';
import { useAddGroupMembers, useRemoveGroupMembers, useUserSearch } from '../api.ts';

/** `/group/{groupId}/users`: the members of a group; add people by search, remove them. */
export function GroupUsersPage() {
  const { t, i18n } = useTranslation(['groups', 'common']);
  const { groupId = '' } = useParams();
  const group = useApi('GET /api/user/group/:id', { params: { id: groupId } });
  const members = useApi('GET /api/user/group/:id/user-group-list', { params: { id: groupId } });
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const candidates = useUserSearch(query);
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const inGroup = new Set((members.data ?? []).map((member) => member.id));

  return (
    <div>
      <Link to="/group/list">
        <ArrowLeftOutlined aria-hidden /> {t('back')}
      </Link>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('members_title', { name: group.data ? (pickName(group.data.name_lang, i18n.language) ?? '') : '' })}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          value={chosen}
          onChange={setChosen}
          onSearch={setQuery}
          placeholder={t('add_users_placeholder')}
          aria-label={t('add_users_placeholder')}
          style={{ minWidth: 320 }}
          loading={candidates.isFetching}
          options={(candidates.data ?? [])
            .filter((user) => !inGroup.has(user.id))
            .map((user) => ({ value: user.id, label: `${user.full_name} <${user.email}>` }))}
        />
        <Button
          type="primary"
          disabled={chosen.length === 0}
          loading={add.isPending}
          onClick={() => add.mutate({ id: groupId, users: chosen }, { onSuccess: () => setChosen([]) })}
        >
          {t('add_users')}
        </Button>
      </Space>
      <Table<GroupMember>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data ?? []}
        pagination={false}
        // On a phone the columns keep their content's width and the table scrolls inside its box.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('no_members') }}
        columns={[
          { key: 'name', title: t('columns.name'), dataIndex: 'full_name' },
          { key: 'email', title: t('columns.email'), dataIndex: 'email' },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_v, member) => (
              <RowActions
                actions={[
                  {
                    label: t('remove'),
                    confirm: {
                      title: t('confirm_remove', { name: member.full_name }),
                      danger: true,
                      onConfirm: () => remove.mutateAsync({ id: groupId, users: [member.id] }),
                    },
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
