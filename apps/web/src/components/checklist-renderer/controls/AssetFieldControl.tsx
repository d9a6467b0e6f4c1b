import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAssetChoice } from '../asset-choice.ts';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { NeedsInspection } from './NeedsInspection.tsx';

/** A field's value as text: a list joined, a date or number as it is, anything else as JSON. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An asset field question: the value of the chosen asset's field (`field_key`), read from the asset, not typed. */
export function AssetFieldControl({ item, labelId }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { sources } = useChecklistScope();
  const asset = useAssetChoice();
  const fieldKey = item.options.field_key ?? '';
  const fields = useQuery({
    queryKey: ['checklist-asset-fields', asset?.id],
    queryFn: () => sources.assetFields!(asset!.id),
    enabled: !!asset && !!sources.assetFields,
  });
  if (!sources.assetFields) return <NeedsInspection item={item} />;
  const text = fieldText(fields.data?.[fieldKey]?.value);
  return (
    <output className="checklist-output" aria-labelledby={labelId} data-testid="checklist-output">
      {!asset ? (
        <Typography.Text type="secondary">{t('asset_field.choose_asset')}</Typography.Text>
      ) : fields.isLoading ? (
        <Spin size="small" />
      ) : fields.isError ? (
        <Typography.Text type="danger">{t('asset_field.failed')}</Typography.Text>
      ) : (
        text || t('no_value')
      )}
    </output>
  );
}
