import { PlusOutlined } from '@ant-design/icons';
import { LIST_DEFAULT_LIMIT, type Group } from '@vigil/contracts';
import { Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Can } from '../../../components/Can.tsx';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useDeleteGroup, useGroupList } from '../api.ts';
import { GroupModal } from '../components/GroupModal.tsx';
import { groupName } from '../components/groupName.ts';

/** `/group/list`: groups with search and paging; add, edit, delete (confirm); members. */
export function GroupListPage() {
  const { t, i18n } = useTranslation(['groups', 'common']);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Number(params.get('limit')) || LIST_DEFAULT_LIMIT;
  const search = params.get('search') ?? '';
  const groups = useGroupList(page, limit, search);
  const remove = useDeleteGroup();
  const confirm = useConfirmDialog();
  const canManage = canAny(useAppAbility(), 'USR_MANAGE_GROUP');
  const [modal, setModal] = useState<{ group: Group | null } | null>(null);
  const update = (next: Record<string, string | number>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === '') copy.delete(key);
        else copy.set(key, String(value));
      }
      return copy;
    });

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Input.Search allowClear defaultValue={search} placeholder={t('search')} aria-label={t('search')} onSearch={(value) => update({ search: value.trim(), page: 1 })} style={{ width: 240 }} />
          <Can I="USR_MANAGE_GROUP">
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ group: null })}>
              {t('add')}
            </Button>
          </Can>
        </Space>
      </Space>
      <Table<Group>
        rowKey="id"
        loading={groups.isFetching}
        dataSource={groups.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: limit, total: groups.data?.pagination.total ?? 0, onChange: (p, l) => update({ page: p, limit: l }) }}
        columns={[
          { key: 'name', title: t('columns.name'), render: (_v, group) => <Typography.Text strong>{groupName(group.name_lang, i18n.language)}</Typography.Text> },
          { key: 'users', title: t('columns.users'), dataIndex: 'users_count' },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('columns.actions'),
                  render: (_v: unknown, group: Group) => (
                    <Space wrap>
                      <Link to={`/group/${group.id}/users`}>{t('members')}</Link>
                      <Button size="small" onClick={() => setModal({ group })}>
                        {t('edit')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        onClick={() =>
                          void confirm({ title: t('confirm_delete', { name: groupName(group.name_lang, i18n.language) }), danger: true, onConfirm: () => remove.mutateAsync(group.id) })
                        }
                      >
                        {t('delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <GroupModal open={Boolean(modal)} group={modal?.group ?? null} onClose={() => setModal(null)} />
    </div>
  );
}
