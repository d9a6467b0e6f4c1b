import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { Button, Checkbox, Modal, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { usePrefillSource } from '../api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

interface Props {
  template: { id: string; title: string };
  starting: boolean;
  /** Starts on the asset (or none); `prefill` carries the answers of the last completed inspection on it over. */
  onStart: (assetId: string | undefined, prefill: boolean) => void;
  onClose: () => void;
}

/**
 * Starting a template that asks for an asset: the asset inspected (searched 300 ms after the last key), or
 * none. Once an asset is chosen, the last completed inspection of the template on it (one the user may
 * open) is offered to copy answers from.
 */
export function AssetChoiceModal({ template, starting, onStart, onClose }: Props) {
  const { t } = useTranslation('inspections');
  const hintId = useId();
  const prefillHintId = useId();
  const [search, setSearch] = useState('');
  const [assetId, setAssetId] = useState<string | undefined>();
  const [prefill, setPrefill] = useState(false);
  const dates = useDateFormat();
  const source = usePrefillSource(template.id, assetId);
  const last = assetId && source.data ? source.data : null;
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
          <Button disabled={starting} onClick={() => onStart(undefined, false)}>
            {t('start.without_asset')}
          </Button>
          <Button type="primary" disabled={!assetId} loading={starting} onClick={() => onStart(assetId, last !== null && prefill)}>
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
        onChange={(next: string | undefined) => {
          setAssetId(next);
          setPrefill(false);
        }}
      />
      {last ? (
        <div style={{ marginTop: 16 }} data-testid="prefill-offer">
          <Checkbox checked={prefill} onChange={(event) => setPrefill(event.target.checked)} aria-describedby={prefillHintId}>
            {t('prefill.copy', { number: last.number, date: last.completed_at ? dates.date(last.completed_at) : '' })}
          </Checkbox>
          <Typography.Paragraph type="secondary" id={prefillHintId} style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
            {t('prefill.hint')}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
