import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';

/** A checkbox or an acknowledgment: checked answers true, unchecked clears the answer. */
export function BooleanControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  return (
    <Checkbox
      aria-labelledby={labelId}
      disabled={disabled}
      checked={value === true}
      onChange={(event) => onChange(event.target.checked ? true : null)}
    >
      {item.type === 'acknowledgment' ? t('acknowledge') : t('checked')}
    </Checkbox>
  );
}
