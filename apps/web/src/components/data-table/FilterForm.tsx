import type { FilterEntry } from '@vigil/contracts';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterControl } from './FilterControl.tsx';
import type { FilterDef } from './types.ts';

interface Props {
  filters: readonly FilterDef[];
  draft: Record<string, FilterEntry>;
  onChange: (field: string, value: FilterEntry | undefined) => void;
  /** Applies the draft, or with `{}` no filter at all. */
  onApply: (filter?: Record<string, FilterEntry>) => void;
  busy: boolean;
}

/** Every filter of the table, edited as a draft until "Apply" (in a popover or a card, as the user chose). */
export function FilterForm({ filters, draft, onChange, onApply, busy }: Props) {
  const { t } = useTranslation('table');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {filters.map((filter) => (
        <div key={filter.field}>
          <Typography.Text strong>{filter.label}</Typography.Text>
          <div>
            <FilterControl filter={filter} value={draft[filter.field]} onChange={(value) => onChange(filter.field, value)} />
          </div>
        </div>
      ))}
      <Space>
        <Button type="primary" disabled={busy} onClick={() => onApply()}>
          {t('filters.apply')}
        </Button>
        <Button disabled={busy} onClick={() => onApply({})}>
          {t('filters.reset')}
        </Button>
      </Space>
    </Space>
  );
}
