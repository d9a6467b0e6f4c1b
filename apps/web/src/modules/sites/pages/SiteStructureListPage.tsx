import { PlusOutlined } from '@ant-design/icons';
import { SiteStructureBodySchema, type SiteStructureSummary } from '@vigil/contracts';
import { Button, Empty, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useCreateSiteStructure, useDeleteSiteStructure, useSiteStructures } from '../api.ts';
import { newNode } from '../site-tree.ts';

/** `/manage/sections`: the workspace's site structures; those who manage assets create and delete them. */
export function SiteStructureListPage() {
  const { t } = useTranslation('sites');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const canManage = canAny(useAppAbility(), 'SST_MANAGE_ASSET');
  const structures = useSiteStructures();
  const remove = useDeleteSiteStructure();
  const [creating, setCreating] = useState(false);

  return (
    <div>
      <PageHeader title={t('list.title')}>
        {canManage && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        )}
      </PageHeader>
      <Table<SiteStructureSummary>
        rowKey="id"
        loading={structures.isFetching}
        dataSource={structures.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t(canManage ? 'list.empty_manage' : 'list.empty')} /> }}
        onRow={(structure) => ({ onClick: () => void navigate(`/section/${structure.id}`) })}
        columns={[
          {
            key: 'title',
            title: t('list.columns.title'),
            render: (_, structure) => (
              <Link to={`/section/${structure.id}`} onClick={(event) => event.stopPropagation()}>
                <Typography.Text strong>{structure.title}</Typography.Text>
              </Link>
            ),
          },
          { key: 'nodes', title: t('list.columns.nodes'), dataIndex: 'nodes_count' },
          { key: 'sites', title: t('list.columns.sites'), dataIndex: 'sites_count' },
          { key: 'updated', title: t('list.columns.updated'), render: (_, structure) => dates.dateTime(structure.updated_at) },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('list.columns.actions'),
                  render: (_: unknown, structure: SiteStructureSummary) => (
                    <RowActions
                      actions={[
                        {
                          label: t('actions.delete'),
                          ariaLabel: t('actions.delete_named', { name: structure.title }),
                          confirm: {
                            title: t('list.confirm_delete', { name: structure.title }),
                            content: t('list.confirm_delete_detail'),
                            danger: true,
                            okText: t('actions.delete'),
                            onConfirm: () => remove.mutateAsync(structure.id),
                          },
                        },
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {creating && <NewStructureModal onClose={() => setCreating(false)} />}
    </div>
  );
}

/** Names a new structure, starts it with one root node of the same name, and opens it. */
function NewStructureModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ title: string }>();
  const create = useCreateSiteStructure();
  return (
    <FormModal
      form={form}
      title={t('list.new')}
      okText={t('actions.create')}
      pending={create.isPending}
      onClose={onClose}
      onFinish={({ title }) => {
        const { asset: _asset, ...root } = { ...newNode(null), title };
        create.mutate(
          { title, structure: [root] },
          { onSuccess: ({ data }) => void navigate(`/section/${data.id}`), onError: (error) => showFieldErrors(form, error) },
        );
      }}
    >
      <Form.Item
        name="title"
        label={t('list.columns.title')}
        rules={[schemaRule(SiteStructureBodySchema.shape.title, t, { required: true })]}
      >
        <Input autoFocus />
      </Form.Item>
    </FormModal>
  );
}
