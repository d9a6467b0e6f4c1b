import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import type { Item } from '@vigil/checklist';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { globalListChoice } from './answer-kinds.ts';
import type { GlobalListEntry } from './ChecklistScope.ts';

interface Props {
  item: Item;
  listUuid: string;
  load: (listUuid: string, search: string) => Promise<GlobalListEntry[]>;
  value: unknown;
  disabled: boolean;
  labelId: string;
  onChange: (value: string | null) => void;
}

/** A global_list question: the list's items, searched on the server 300 ms after the last key; the answer is the item's value. */
export function GlobalListControl({ item, listUuid, load, value, disabled, labelId, onChange }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search, ASYNC_SELECT_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['checklist-global-list', listUuid, searched],
    queryFn: () => load(listUuid, searched),
    enabled: !disabled,
  });
  const options = (found.data ?? []).map((entry) => globalListChoice(item, entry));
  const chosen = typeof value === 'string' && value !== '' ? value : undefined;
  // The answer stays shown when the search no longer brings its item.
  if (chosen !== undefined && !options.some((option) => option.value === chosen)) options.unshift({ value: chosen, label: chosen });
  return (
    <Select
      aria-labelledby={labelId}
      disabled={disabled}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('global_list.search')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : found.isError ? t('global_list.failed') : t('global_list.none')}
      options={options}
      value={chosen}
      onChange={(next: string | undefined) => {
        setSearch('');
        onChange(next ?? null);
      }}
    />
  );
}
