import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { DraftNode } from '../site-tree.ts';

interface Props {
  id: string;
  value: DraftNode['asset'];
  disabled: boolean;
  onChange: (asset: NonNullable<DraftNode['asset']>) => void;
}

/** The asset a site stands for: assets in use, searched by ID or name 300 ms after the last key. */
export function AssetPicker({ id, value, disabled, onChange }: Props) {
  const { t } = useTranslation('sites');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), ASYNC_SELECT_DEBOUNCE_MS);
  const found = useApi('GET /api/assets/search', { query: searched ? { q: searched } : {} }, { silent: true, enabled: !disabled });
  const assets = found.data ?? [];
  const options = assets.map((asset) => ({ value: asset.id, label: `${asset.asset_id} · ${asset.display_name}` }));
  if (value && !options.some((option) => option.value === value.id))
    options.unshift({ value: value.id, label: `${value.asset_id} · ${value.display_name}` });
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      placeholder={t('editor.asset_placeholder')}
      notFoundContent={found.isFetching ? null : t('editor.no_asset')}
      value={value?.id}
      options={options}
      onChange={(assetId: string) => {
        const asset = assets.find((entry) => entry.id === assetId);
        if (asset) onChange({ id: asset.id, asset_id: asset.asset_id, display_name: asset.display_name });
        setSearch('');
      }}
    />
  );
}
