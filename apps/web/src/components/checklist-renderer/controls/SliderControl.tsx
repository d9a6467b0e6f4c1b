import { toNumber, unitOf } from '@vigil/checklist';
import { Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sliderRange } from '../answer-kinds.ts';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';

/** A slider between its minimum and maximum by its step; its position is the answer, shown with its unit. */
export function SliderControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { document } = useChecklistScope();
  const { min, max, step } = sliderRange(item);
  const current = toNumber(value);
  const unit = unitOf(item, document.custom_units);
  return (
    <div className="checklist-slider">
      <Slider
        aria-labelledby={labelId}
        ariaLabelledByForHandle={labelId}
        disabled={disabled}
        min={min}
        max={max}
        step={step}
        value={current ?? min}
        onChange={(next) => onChange(next)}
      />
      <Typography.Text type="secondary" data-testid="checklist-slider-value">
        {current === null ? t('no_value') : `${current}${unit ? ` ${unit}` : ''}`}
      </Typography.Text>
    </div>
  );
}
