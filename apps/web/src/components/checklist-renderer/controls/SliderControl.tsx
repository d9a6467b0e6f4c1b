import { toNumber, unitOf } from '@vigil/checklist';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { sliderRange } from '../answer-kinds.ts';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';

/**
 * A slider between its minimum and maximum by its step; its position is the answer, shown with its unit.
 * A native range input drawn as antd's (checklist-renderer.css): each of antd's Sliders listened to every
 * mouse-up of the page and set its state in the next frame, which a page of ten sliders paid for on every
 * tap (bench:inspection-screen). The arrow keys, Home and End move it, mirrored right to left.
 */
export function SliderControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { document } = useChecklistScope();
  const { min, max, step } = sliderRange(item);
  const current = toNumber(value);
  const unit = unitOf(item, document.custom_units);
  const shown = current === null ? t('no_value') : `${current}${unit ? ` ${unit}` : ''}`;
  const position = current ?? min;
  const fill = { '--checklist-slider-fill': `${max > min ? ((position - min) / (max - min)) * 100 : 0}%` } as CSSProperties;
  return (
    <div className="checklist-slider">
      <input
        type="range"
        className="checklist-slider-input"
        style={fill}
        aria-labelledby={labelId}
        aria-valuetext={shown}
        disabled={disabled}
        min={min}
        max={max}
        step={step}
        value={position}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <span className="checklist-secondary" data-testid="checklist-slider-value">
        {shown}
      </span>
    </div>
  );
}
