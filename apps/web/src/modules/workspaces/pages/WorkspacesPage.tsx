import { PlusOutlined } from '@ant-design/icons';
import { BRANCHES, NewWorkspaceBodySchema, type MyWorkspace, type NewWorkspaceBody } from '@vigil/contracts';
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useCreateWorkspace, useMyWorkspaces, useSwitchWorkspace } from '../api.ts';

function NewWorkspaceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['workspaces', 'common']);
  const [form] = Form.useForm<NewWorkspaceBody>();
  const create = useCreateWorkspace();
  return (
    <FormModal
      form={form}
      open={open}
      title={t('new_title')}
      okText={t('create')}
      pending={create.isPending}
      onClose={onClose}
      preserve={false}
      initialValues={{ branch: 'DE' }}
      onFinish={(values) => create.mutate(values, { onSuccess: onClose, onError: (error) => showFieldErrors(form, error) })}
    >
      <Form.Item name="name" label={t('name')} rules={[schemaRule(NewWorkspaceBodySchema.shape.name, t, { required: true })]}>
        <Input />
      </Form.Item>
      <Form.Item name="branch" label={t('branch')} extra={t('branch_hint')}>
        <Select options={BRANCHES.map((branch) => ({ value: branch, label: t(`branches.${branch}`) }))} />
      </Form.Item>
    </FormModal>
  );
}

/** `/settings/workspaces`: my workspaces, the current one marked; switch to another; create one. */
export function WorkspacesPage() {
  const { t } = useTranslation(['workspaces', 'common']);
  const workspaces = useMyWorkspaces();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader title={t('title')}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      </PageHeader>
      <Table<MyWorkspace>
        rowKey="id"
        loading={workspaces.isFetching}
        dataSource={workspaces.data ?? []}
        pagination={false}
        // On a phone the columns keep their content's width and the table scrolls inside its box.
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            render: (_value, workspace) => (
              <Space>
                <Typography.Text strong>{workspace.name}</Typography.Text>
                {workspace.current && <Tag color="blue">{t('current')}</Tag>}
              </Space>
            ),
          },
          { key: 'branch', title: t('branch'), render: (_value, workspace) => t(`branches.${workspace.branch}`) },
          { key: 'plan', title: t('plan'), render: (_value, workspace) => t(`common:plans.${workspace.plan}`) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_value, workspace) =>
              !workspace.current && (
                <Button
                  size="small"
                  loading={switchTo.isPending && switchTo.variables === workspace.id}
                  onClick={() => switchTo.mutate(workspace.id)}
                >
                  {t('switch')}
                </Button>
              ),
          },
        ]}
      />
      <NewWorkspaceModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
