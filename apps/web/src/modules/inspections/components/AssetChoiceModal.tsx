import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { Button, Modal, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

interface Props {
  template: { title: string };
  starting: boolean;
  onStart: (assetId: string | undefined) => void;
  onClose: () => void;
}

/** Starting a template that asks for an asset: the asset inspected (searched 300 ms after the last key), or none. */
export function AssetChoiceModal({ template, starting, onStart, onClose }: Props) {
  const { t } = useTranslation('inspections');
  const hintId = useId();
  const [search, setSearch] = useState('');
  const [assetId, setAssetId] = useState<string | undefined>();
  const searched = useDebouncedValue(search.trim(), ASYNC_SELECT_DEBOUNCE_MS);
  const found = useApi('GET /api/assets/search', { query: searched ? { q: searched.slice(0, 100) } : {} }, { silent: true });
  const options = (found.data ?? []).map((asset) => ({
    value: asset.id,
    label: t('start.asset_option', { asset_id: asset.asset_id, name: asset.display_name }),
  }));
  return (
    <Modal
      open
      title={t('start.asset_title', { title: template.title })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button disabled={starting} onClick={() => onStart(undefined)}>
            {t('start.without_asset')}
          </Button>
          <Button type="primary" disabled={!assetId} loading={starting} onClick={() => onStart(assetId)}>
            {t('start.start')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph id={hintId}>{t('start.asset_hint')}</Typography.Paragraph>
      <Select
        aria-label={t('start.asset')}
        aria-describedby={hintId}
        style={{ width: '100%' }}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        allowClear
        loading={found.isFetching}
        placeholder={t('start.asset_placeholder')}
        notFoundContent={found.isFetching ? null : t('start.no_asset')}
        value={assetId}
        options={options}
        onChange={(next: string | undefined) => setAssetId(next)}
      />
    </Modal>
  );
}
