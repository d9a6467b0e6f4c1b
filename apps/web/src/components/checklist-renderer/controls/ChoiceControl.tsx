import { DEFAULT_RESPONSE_OPTIONS, NOT_APPLICABLE, type Item, type ResponseOption } from '@vigil/checklist';
import { Checkbox, Radio, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextOn } from '../../../lib/readable-text.ts';

/**
 * A choice question: buttons (a yes/no, OK/not OK or list), a switch, or a dropdown; checkboxes or a
 * multiple dropdown with multiple selection. Each option shows its response set's colour; the picked
 * button is filled with it, its text readable on it.
 */
export function ChoiceControl({
  item,
  choices,
  value,
  disabled,
  labelId,
  onChange,
}: {
  item: Item;
  choices: readonly ResponseOption[];
  value: unknown;
  disabled: boolean;
  labelId: string;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('checklist-renderer');
  const defaults = DEFAULT_RESPONSE_OPTIONS[item.type];
  const labelOf = (choice: ResponseOption) => (defaults?.includes(choice) ? t(`choices.${choice.uuid}`) : choice.label);
  const swatch = (choice: ResponseOption): ReactNode =>
    choice.color ? <span className="checklist-swatch" style={{ background: choice.color }} aria-hidden /> : null;

  if (item.options.multiple_selection === true) {
    const picked = Array.isArray(value) ? value.map(String) : [];
    if (item.type === 'dropdown') {
      return (
        <Select
          mode="multiple"
          aria-labelledby={labelId}
          disabled={disabled}
          style={{ width: '100%' }}
          value={picked}
          onChange={(next: string[]) => onChange(next)}
          options={choices.map((choice) => ({
            value: choice.uuid,
            label: (
              <>
                {swatch(choice)}
                {labelOf(choice)}
              </>
            ),
          }))}
        />
      );
    }
    return (
      <Checkbox.Group
        aria-labelledby={labelId}
        disabled={disabled}
        value={picked}
        onChange={(next) => onChange(next)}
        className="checklist-choices"
      >
        {choices.map((choice) => (
          <Checkbox key={choice.uuid} value={choice.uuid}>
            {swatch(choice)}
            {labelOf(choice)}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  }

  if (item.type === 'switch') {
    const [on, off] = choices;
    return (
      <Switch
        aria-labelledby={labelId}
        disabled={disabled}
        checked={value === on?.uuid}
        onChange={(checked) => onChange(checked ? on?.uuid : off?.uuid)}
      />
    );
  }
  const single = typeof value === 'string' ? value : undefined;
  const notApplicable: ResponseOption[] = item.options.allow_n_a === true ? [{ uuid: NOT_APPLICABLE, label: t('not_applicable') }] : [];
  if (item.type === 'dropdown') {
    return (
      <Select
        aria-labelledby={labelId}
        disabled={disabled}
        allowClear
        style={{ width: '100%' }}
        value={single}
        onChange={(next?: string) => onChange(next ?? null)}
        options={[...choices, ...notApplicable].map((choice) => ({
          value: choice.uuid,
          label: (
            <>
              {swatch(choice)}
              {labelOf(choice)}
            </>
          ),
        }))}
      />
    );
  }
  return (
    <Radio.Group
      aria-labelledby={labelId}
      disabled={disabled}
      value={single}
      onChange={(event) => onChange(event.target.value)}
      className="checklist-choices"
    >
      {[...choices, ...notApplicable].map((choice) => {
        const selected = single === choice.uuid;
        return (
          <Radio.Button
            key={choice.uuid}
            value={choice.uuid}
            style={
              selected && choice.color
                ? { background: choice.color, borderColor: choice.color, color: readableTextOn(choice.color) }
                : undefined
            }
          >
            {!selected && swatch(choice)}
            {labelOf(choice)}
          </Radio.Button>
        );
      })}
    </Radio.Group>
  );
}
