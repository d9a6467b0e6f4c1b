import { ScanOutlined } from '@ant-design/icons';
import { AssetValueSchema, type AssetValue } from '@vigil/checklist';
import { Button, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { LazyScannerDialog } from '../scan/LazyScannerDialog.tsx';
import { NeedsInspection } from './NeedsInspection.tsx';
import { useSearch } from './useSearch.ts';

export const assetLabel = (asset: AssetValue) => (asset.asset_id ? `${asset.asset_id} · ${asset.display_name}` : asset.display_name);

/**
 * The asset question: an asset in use, searched by asset ID or name, or picked by scanning its label (the
 * QR code of its page's URL, or its asset ID, read or typed); the answer is `{id, asset_id, display_name}`.
 */
export function AssetControl({ item, labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { sources } = useChecklistScope();
  const [open, setOpen] = useState(false);
  const [scanning, setScanning] = useState(false);
  const { setText, found } = useSearch('assets', sources.searchAssets, open);
  const parsed = AssetValueSchema.safeParse(value);
  const chosen: AssetValue | null = parsed.success ? parsed.data : null;
  if (readOnly) return <Typography.Text aria-labelledby={labelId}>{chosen ? assetLabel(chosen) : t('no_value')}</Typography.Text>;
  if (!sources.searchAssets) return <NeedsInspection item={item}>{chosen && <div>{assetLabel(chosen)}</div>}</NeedsInspection>;
  const assets = found.data ?? [];
  const options = assets.map((asset) => ({ value: asset.id, label: assetLabel(asset) }));
  if (chosen && !options.some((option) => option.value === chosen.id)) options.unshift({ value: chosen.id, label: assetLabel(chosen) });
  const pick = (asset: AssetValue | null) =>
    onChange(asset ? { id: asset.id, asset_id: asset.asset_id, display_name: asset.display_name } : null);
  const findByCode = sources.findAssetByCode;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          aria-labelledby={labelId}
          disabled={disabled}
          style={{ width: '100%' }}
          allowClear
          showSearch={{ filterOption: false, onSearch: setText }}
          placeholder={t('asset.search')}
          onOpenChange={setOpen}
          notFoundContent={found.isFetching ? <Spin size="small" /> : found.isError ? t('asset.failed') : t('asset.none')}
          options={options}
          value={chosen?.id}
          onChange={(id: string | undefined) => {
            setText('');
            pick(assets.find((entry) => entry.id === id) ?? (chosen?.id === id ? chosen : null));
          }}
        />
        {findByCode && !disabled && (
          <Button icon={<ScanOutlined aria-hidden />} onClick={() => setScanning(true)}>
            {t('asset.scan')}
          </Button>
        )}
      </Space.Compact>
      {findByCode && (
        <LazyScannerDialog
          open={scanning}
          purpose="label"
          title={t('asset.scan_title')}
          onClose={() => setScanning(false)}
          onCode={async (code) => {
            const asset = await findByCode(code).catch(() => undefined);
            if (asset === undefined) return t('asset.lookup_failed');
            if (asset === null) return t('asset.unknown_label', { code });
            pick(asset);
            return null;
          }}
        />
      )}
    </>
  );
}
