import {
  ASYNC_SELECT_DEBOUNCE_MS,
  normalizeFilter,
  OPERATORS_BY_TYPE,
  VALUELESS_OPERATORS,
  type FilterEntry,
  type ListOperator,
  type SelectOption,
} from '@vigil/contracts';
import { Checkbox, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeDropdown } from '../tree-dropdown/TreeDropdown.tsx';
import { DateRangeFilter, DEFAULT_DATE_PRESETS } from './DateRangeFilter.tsx';
import { filterTypeOf, type FilterDef } from './types.ts';

interface FilterControlProps {
  filter: FilterDef;
  value: FilterEntry | undefined;
  onChange: (value: FilterEntry | undefined) => void;
}

const BUILDERS = ['textBuilder', 'numberBuilder', 'selectBuilder'];

/** One filter input for any widget of spec 3 §9; builders add an operator and a "not" switch. */
export function FilterControl({ filter, value, onChange }: FilterControlProps) {
  const { t } = useTranslation('table');
  const type = filterTypeOf(filter);
  const current = value === undefined ? { operator: undefined, values: [], not: false } : normalizeFilter(value);
  const operators = OPERATORS_BY_TYPE[type] as readonly ListOperator[];
  const operator = (current.operator ?? operators[0]) as ListOperator;
  const isBuilder = BUILDERS.includes(filter.widget);
  const valueless = VALUELESS_OPERATORS.includes(operator);

  const emit = (next: { operator?: ListOperator; values?: string[]; not?: boolean }) => {
    const op = next.operator ?? operator;
    const values = VALUELESS_OPERATORS.includes(op) ? ['null'] : (next.values ?? current.values);
    const not = next.not ?? current.not;
    const single =
      op === 'between' || values.length > 1 || ['in', 'not_in', 'exists_in', 'not_exists_in', 'all_in', 'all_not_in'].includes(op)
        ? values
        : (values[0] ?? '');
    onChange({ operator: op, value: single, ...(not ? { not: '1' } : {}) });
  };

  const label = `${filter.label}`;
  const operatorSelect = isBuilder ? (
    <Select
      aria-label={t('filters.operator', { field: label })}
      value={operator}
      virtual={false}
      style={{ minWidth: 150 }}
      onChange={(op: ListOperator) =>
        emit({ operator: op, values: VALUELESS_OPERATORS.includes(op) ? [] : current.values.filter((v) => v !== 'null') })
      }
      options={operators.map((op) => ({ value: op, label: t(`operators.${op}`) }))}
    />
  ) : null;
  const notBox = isBuilder ? (
    <Checkbox checked={current.not} onChange={(event) => emit({ not: event.target.checked })}>
      {t('filters.not')}
    </Checkbox>
  ) : null;

  let input: React.ReactNode = null;
  if (!valueless) {
    switch (type) {
      case 'text':
        input =
          operator === 'between' ? (
            <Space.Compact>
              <Input
                aria-label={t('filters.from', { field: label })}
                value={current.values[0] ?? ''}
                onChange={(e) => emit({ values: [e.target.value, current.values[1] ?? ''] })}
              />
              <Input
                aria-label={t('filters.to', { field: label })}
                value={current.values[1] ?? ''}
                onChange={(e) => emit({ values: [current.values[0] ?? '', e.target.value] })}
              />
            </Space.Compact>
          ) : (
            <Input
              aria-label={label}
              value={current.values.join(operator === 'in' || operator === 'not_in' ? ',' : '')}
              allowClear
              onChange={(e) => emit({ values: operator === 'in' || operator === 'not_in' ? e.target.value.split(',') : [e.target.value] })}
            />
          );
        break;
      case 'number': {
        const num = (index: number, aria: string) => (
          <InputNumber
            aria-label={aria}
            value={current.values[index] === undefined || current.values[index] === '' ? null : Number(current.values[index])}
            onChange={(next) => {
              const values = [...current.values];
              values[index] = next === null || next === undefined ? '' : String(next);
              emit({ values });
            }}
          />
        );
        input =
          operator === 'between' ? (
            <Space.Compact>
              {num(0, t('filters.from', { field: label }))}
              {num(1, t('filters.to', { field: label }))}
            </Space.Compact>
          ) : (
            num(0, label)
          );
        break;
      }
      case 'date':
        input = <DateRangeFilter label={label} presets={filter.presets ?? DEFAULT_DATE_PRESETS} value={current} onChange={onChange} />;
        break;
      case 'switch':
        input = (
          <Switch
            aria-label={label}
            checked={current.values[0] === '1'}
            onChange={(checked) => onChange(checked ? { operator: 'equals', value: '1' } : undefined)}
          />
        );
        break;
      default:
        input =
          type === 'tree' && filter.loadTree ? (
            <div style={{ minWidth: 240 }}>
              <TreeDropdown
                aria-label={label}
                load={filter.loadTree}
                value={current.values.filter((v) => v !== 'null')}
                onChange={(values) => emit({ values })}
              />
            </div>
          ) : filter.loadOptions ? (
            <AsyncSelect
              filter={filter}
              values={current.values.filter((v) => v !== 'null')}
              multiple={type !== 'select' || operator === 'in' || operator === 'not_in'}
              onChange={(values) => emit({ values })}
            />
          ) : (
            <Select
              aria-label={label}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              mode={type === 'multiSelect' || operator === 'in' || operator === 'not_in' ? 'multiple' : undefined}
              style={{ minWidth: 180 }}
              notFoundContent={t('filters.noOptions')}
              options={filter.options ?? []}
              value={type === 'multiSelect' || operator === 'in' || operator === 'not_in' ? current.values : current.values[0]}
              onChange={(next: string | string[] | undefined) =>
                emit({ values: next === undefined ? [] : Array.isArray(next) ? next : [next] })
              }
            />
          );
    }
  }

  return (
    <Space wrap>
      {operatorSelect}
      {input}
      {notBox}
    </Space>
  );
}

/** A select searching the server: the search waits 300 ms after the last key (spec 3 §9). */
function AsyncSelect({
  filter,
  values,
  multiple,
  onChange,
}: {
  filter: FilterDef;
  values: string[];
  multiple: boolean;
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation('table');
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = useMemo(() => filter.loadOptions!, [filter.loadOptions]);

  const search = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      void load({ q })
        .then(setOptions)
        .finally(() => setLoading(false));
    }, ASYNC_SELECT_DEBOUNCE_MS);
  };
  useEffect(() => {
    // Labels of values chosen earlier (a reload or a shared link).
    void load({ q: '', ...(values.length ? { ids: values } : {}) }).then(setOptions);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels are fetched once per loader, for the values of that moment.
  }, [load]);
  return (
    <Select
      aria-label={filter.label}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      style={{ minWidth: 200 }}
      notFoundContent={loading ? <Spin size="small" /> : t('filters.noOptions')}
      options={options}
      value={multiple ? values : values[0]}
      onChange={(next: string | string[] | undefined) => onChange(next === undefined ? [] : Array.isArray(next) ? next : [next])}
    />
  );
}
