import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const ALL = '';

/** Chooses the asset type whose assets a list shows ("All types" by default); searches the types by name, 300 ms after the last key. */
export function TypeChooser({ value, onChange }: { value: string | undefined; onChange: (typeId: string | undefined) => void }) {
  const { t } = useTranslation('assets');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search, ASYNC_SELECT_DEBOUNCE_MS);
  const found = useApi('GET /api/assets/types/all', { query: searched ? { q: searched } : {} }, { silent: true });
  // The chosen type's name, when the search does not bring it (a type beyond the first 20).
  const chosen = useApi('GET /api/assets/types/all', { query: { ids: value ? [value] : [] } }, { enabled: Boolean(value), silent: true });
  const types = [...(found.data ?? [])];
  for (const type of chosen.data ?? []) if (!types.some((known) => known.id === type.id)) types.push(type);
  return (
    <Select
      aria-label={t('assets.type_chooser')}
      style={{ minWidth: 220, maxWidth: '100%', marginBottom: 12 }}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={found.isFetching}
      value={value ?? ALL}
      onChange={(next: string) => {
        setSearch('');
        onChange(next === ALL ? undefined : next);
      }}
      options={[{ value: ALL, label: t('assets.all_types') }, ...types.map((type) => ({ value: type.id, label: type.name }))]}
    />
  );
}
