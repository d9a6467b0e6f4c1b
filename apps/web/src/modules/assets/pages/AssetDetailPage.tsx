import { QrcodeOutlined } from '@ant-design/icons';
import type { AssetDetail } from '@vigil/contracts';
import { Alert, Descriptions, Empty, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formValueOf } from '../../../components/custom-field-values/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ToolbarActions, type ToolbarAction } from '../../../components/ToolbarActions.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useArchiveAssets, useAsset, useRestoreAsset } from '../api.ts';
import { AssetFormModal } from '../components/AssetFormModal.tsx';
import { printAssetLabels } from '../components/PrintLabelsButton.tsx';

/** `/assets/:uuid`: one asset, tabs Info, Reports and Issues; edit and archive in use, restore once archived (spec 3 §2). */
export function AssetDetailPage() {
  const { uuid = '' } = useParams();
  const { data: asset } = useAsset(uuid);
  return asset ? <AssetView asset={asset} /> : <Skeleton active />;
}

function AssetView({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation('assets');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const confirm = useConfirmDialog();
  const ability = useAppAbility();
  const canManage = canAny(ability, 'SST_MANAGE_ASSET');
  const archive = useArchiveAssets();
  const restore = useRestoreAsset();
  const [editing, setEditing] = useState(false);
  const archived = Boolean(asset.archived_at);
  const named = { name: asset.display_name };

  const actions: ToolbarAction[] = [
    ...(canManage && !archived
      ? [
          { key: 'edit', label: t('actions.edit'), primary: true, onClick: () => setEditing(true) },
          {
            key: 'archive',
            label: t('actions.archive'),
            onClick: () =>
              void confirm({ title: t('assets.confirm_archive', named), onConfirm: () => archive.mutateAsync({ ids: [asset.id] }) }),
          },
        ]
      : []),
    ...(canManage && archived
      ? [{ key: 'restore', label: t('actions.restore'), primary: true, onClick: () => void restore.mutateAsync(asset.id) }]
      : []),
    {
      key: 'label',
      label: t('labels.print_single'),
      icon: <QrcodeOutlined aria-hidden />,
      onClick: () => void printAssetLabels({ ids: [asset.id] }).catch(() => undefined),
    },
    {
      key: 'back',
      label: archived ? t('links.assets_archive') : t('links.assets'),
      onClick: () => void navigate(archived ? '/assets/archive' : '/assets'),
    },
  ];

  const info = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {archived ? <Alert type="warning" showIcon title={t('assets.archived_notice')} /> : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('columns.type')}>
          {canAny(ability, 'SST_VIEW_ASSET_TYPE') ? <Link to={`/assets/types/${asset.type_id}`}>{asset.type_name}</Link> : asset.type_name}
        </Descriptions.Item>
        {asset.type_fields
          .filter((field) => field.is_used)
          .map((field) => (
            <Descriptions.Item key={field.key} label={field.name}>
              {formValueOf(asset.fields[field.key]?.value) ?? t('none')}
            </Descriptions.Item>
          ))}
        <Descriptions.Item label={t('columns.created')}>{dates.dateTime(asset.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.updated')}>{dates.dateTime(asset.updated_at)}</Descriptions.Item>
      </Descriptions>
    </Space>
  );

  return (
    <div>
      <PageHeader
        title={
          <Space wrap>
            {asset.display_name}
            <Tag>{asset.asset_id}</Tag>
          </Space>
        }
      >
        <ToolbarActions actions={actions} />
      </PageHeader>
      <Tabs
        items={[
          { key: 'info', label: t('detail.info'), children: info },
          { key: 'reports', label: t('detail.reports'), children: <Empty description={t('detail.reports_empty')} /> },
          { key: 'issues', label: t('detail.issues'), children: <Empty description={t('detail.issues_empty')} /> },
        ]}
      />
      {editing ? <AssetFormModal asset={asset} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}
