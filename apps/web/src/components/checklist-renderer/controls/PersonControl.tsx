import { PersonValueSchema, type PersonValue } from '@vigil/checklist';
import { Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { NeedsInspection } from './NeedsInspection.tsx';
import { useSearch } from './useSearch.ts';

/** A person question: a member of the workspace, searched by name or e-mail; the answer is `{id, name}`. */
export function PersonControl({ item, labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { sources } = useChecklistScope();
  const [open, setOpen] = useState(false);
  const { setText, found } = useSearch('people', sources.searchPeople, open);
  const parsed = PersonValueSchema.safeParse(value);
  const chosen: PersonValue | null = parsed.success ? parsed.data : null;
  if (readOnly) return <Typography.Text aria-labelledby={labelId}>{chosen?.name ?? t('no_value')}</Typography.Text>;
  if (!sources.searchPeople) return <NeedsInspection item={item}>{chosen && <div>{chosen.name}</div>}</NeedsInspection>;
  const people = found.data ?? [];
  const options = people.map((person) => ({ value: person.id, label: person.name }));
  if (chosen && !options.some((option) => option.value === chosen.id)) options.unshift({ value: chosen.id, label: chosen.name });
  return (
    <Select
      aria-labelledby={labelId}
      disabled={disabled}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      placeholder={t('person.search')}
      onOpenChange={setOpen}
      notFoundContent={found.isFetching ? <Spin size="small" /> : found.isError ? t('person.failed') : t('person.none')}
      options={options}
      value={chosen?.id}
      onChange={(id: string | undefined) => {
        setText('');
        const person = people.find((entry) => entry.id === id) ?? (chosen?.id === id ? chosen : null);
        onChange(person ? { id: person.id, name: person.name } : null);
      }}
    />
  );
}
