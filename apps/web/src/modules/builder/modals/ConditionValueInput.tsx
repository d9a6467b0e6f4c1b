import { DEFAULT_RESPONSE_OPTIONS, RELATIVE_DATE_UNITS, type OperandKind, type ResponseOption, type RuleOperator } from '@vigil/checklist';
import { Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { operatorTakesDuration, operatorTakesList, operatorTakesNoValue, operatorTakesRange } from './rule-draft.ts';

interface Props {
  kind: OperandKind;
  operator: RuleOperator;
  value: unknown;
  options: readonly ResponseOption[];
  label: string;
  onChange: (value: unknown) => void;
}

type Duration = { amount: number; unit: (typeof RELATIVE_DATE_UNITS)[number] };

/** The built-in responses of yes/no, ok/not ok and switch; their labels are translated by id, as in the preview. */
const DEFAULT_CHOICES: ReadonlySet<ResponseOption> = new Set(Object.values(DEFAULT_RESPONSE_OPTIONS).flat());

function DurationInput({ value, label, onChange }: { value: Duration; label: string; onChange: (value: Duration) => void }) {
  const { t } = useTranslation('builder-modals');
  return (
    <Space.Compact>
      <InputNumber
        aria-label={`${label} ${t('rules.amount')}`}
        value={value.amount}
        precision={0}
        onChange={(amount) => onChange({ ...value, amount: amount ?? 0 })}
      />
      <Select
        aria-label={`${label} ${t('rules.unit')}`}
        style={{ minWidth: 110 }}
        value={value.unit}
        options={RELATIVE_DATE_UNITS.map((unit) => ({ value: unit, label: t(`rules.units.${unit}`) }))}
        onChange={(unit) => onChange({ ...value, unit })}
      />
    </Space.Compact>
  );
}

/** A rule date: a literal YYYY-MM-DDTHH:mm:ss, the current date, or a relative date. */
function DateInput({ value, label, onChange }: { value: unknown; label: string; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('builder-modals');
  const fn = typeof value === 'object' && value !== null && 'fn' in value ? (value as { fn: string }).fn : 'literal';
  return (
    <Space.Compact>
      <Select
        aria-label={`${label} ${t('rules.date_mode')}`}
        style={{ minWidth: 140 }}
        value={fn}
        options={[
          { value: 'literal', label: t('rules.date_literal') },
          { value: 'current_date', label: t('rules.date_current') },
          { value: 'relative_date', label: t('rules.date_relative') },
        ]}
        onChange={(mode) =>
          onChange(
            mode === 'literal' ? '' : mode === 'current_date' ? { fn: 'current_date' } : { fn: 'relative_date', amount: -1, unit: 'day' },
          )
        }
      />
      {fn === 'literal' && (
        <Input
          aria-label={label}
          placeholder={t('rules.date_placeholder')}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {fn === 'relative_date' && (
        <DurationInput label={label} value={value as Duration} onChange={(duration) => onChange({ fn: 'relative_date', ...duration })} />
      )}
    </Space.Compact>
  );
}

/** The value of one condition, shaped by the question's kind and the operator. */
export function ConditionValueInput({ kind, operator, value, options, label, onChange }: Props) {
  const { t } = useTranslation('builder-modals');
  if (operatorTakesNoValue(operator)) return null;
  if (operatorTakesDuration(operator)) return <DurationInput label={label} value={value as Duration} onChange={onChange} />;
  if (operatorTakesRange(operator)) {
    const [from, to] = Array.isArray(value) ? (value as unknown[]) : [null, null];
    const set = (index: 0 | 1, next: unknown) => onChange(index === 0 ? [next, to] : [from, next]);
    const one = (index: 0 | 1, current: unknown, name: string) =>
      kind === 'date' ? (
        <DateInput label={`${label} ${name}`} value={current} onChange={(next) => set(index, next)} />
      ) : (
        <InputNumber
          aria-label={`${label} ${name}`}
          value={typeof current === 'number' ? current : null}
          onChange={(next) => set(index, next)}
        />
      );
    return (
      <Space wrap>
        {one(0, from, t('rules.from'))}
        {one(1, to, t('rules.to'))}
      </Space>
    );
  }
  if (kind === 'select' || kind === 'multiselect') {
    const list = operatorTakesList(operator);
    return (
      <Select
        aria-label={label}
        style={{ minWidth: 180 }}
        mode={list ? 'multiple' : undefined}
        value={list ? (Array.isArray(value) ? value : []) : (value as string) || undefined}
        options={options.map((option) => ({
          value: option.uuid,
          label: DEFAULT_CHOICES.has(option) ? t(`checklist-renderer:choices.${option.uuid}`) : option.label,
        }))}
        onChange={onChange}
      />
    );
  }
  if (kind === 'date') return <DateInput label={label} value={value} onChange={onChange} />;
  if (kind === 'number') return <InputNumber aria-label={label} value={typeof value === 'number' ? value : null} onChange={onChange} />;
  if (kind === 'boolean') {
    return (
      <Select
        aria-label={label}
        value={value === true}
        options={[
          { value: true, label: t('rules.true') },
          { value: false, label: t('rules.false') },
        ]}
        onChange={onChange}
      />
    );
  }
  return <Input aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
}
