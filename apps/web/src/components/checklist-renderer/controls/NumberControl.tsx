import { toNumber, unitOf } from '@vigil/checklist';
import type { ChangeEvent } from 'react';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { typedNumber } from './typed-number.ts';

/**
 * A number question, with its unit (a custom unit's symbol or the first of its units) after the field.
 * A native number field (a spin button: arrow keys step, phones show their number pad) drawn as antd's
 * input by checklist-renderer.css: antd's InputNumber renders a dozen components on every digit typed,
 * felt between a key and its paint on a 500-question inspection (bench:inspection-screen).
 */
export function NumberControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { document } = useChecklistScope();
  const decimal = typeof item.options.decimal === 'number' ? item.options.decimal : null;
  const unit = unitOf(item, document.custom_units);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = typedNumber(event.target);
    if (typed !== undefined) onChange(typed);
  };
  return (
    <span className={disabled ? 'checklist-number checklist-number-disabled' : 'checklist-number'}>
      <input
        type="number"
        className="checklist-number-input"
        aria-labelledby={labelId}
        disabled={disabled}
        inputMode={decimal === 0 ? 'numeric' : 'decimal'}
        step={toNumber(item.options.step) ?? 'any'}
        value={toNumber(value) ?? ''}
        onChange={change}
        // A wheel over a focused number field would change the answer while the inspector scrolls the page.
        onWheel={(event) => event.currentTarget.blur()}
      />
      {unit && <span className="checklist-number-unit">{unit}</span>}
    </span>
  );
}
