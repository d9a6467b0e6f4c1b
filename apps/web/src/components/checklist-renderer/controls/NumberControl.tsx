import { toNumber, unitOf } from '@vigil/checklist';
import { InputNumber } from 'antd';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';

/** A number question, with its unit (a custom unit's symbol or the first of its units) after the field. */
export function NumberControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { document } = useChecklistScope();
  const decimal = typeof item.options.decimal === 'number' ? item.options.decimal : null;
  return (
    <InputNumber<number>
      aria-labelledby={labelId}
      disabled={disabled}
      style={{ width: '100%' }}
      inputMode={decimal === 0 ? 'numeric' : 'decimal'}
      value={toNumber(value)}
      step={toNumber(item.options.step) ?? 1}
      suffix={unitOf(item, document.custom_units) ?? undefined}
      onChange={(next) => onChange(next)}
    />
  );
}
