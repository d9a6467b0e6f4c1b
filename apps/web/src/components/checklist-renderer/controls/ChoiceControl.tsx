import { DEFAULT_RESPONSE_OPTIONS, NOT_APPLICABLE, type Item, type ResponseOption } from '@vigil/checklist';
import { Checkbox, Select, Switch } from 'antd';
import { useId, type ReactNode } from 'react';
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
    <ChoiceButtons
      labelId={labelId}
      disabled={disabled}
      value={single}
      choices={[...choices, ...notApplicable]}
      labelOf={labelOf}
      swatch={swatch}
      onChange={onChange}
    />
  );
}

interface ChoiceButtonsProps {
  labelId: string;
  disabled: boolean;
  value: string | undefined;
  choices: readonly ResponseOption[];
  labelOf: (choice: ResponseOption) => string;
  swatch: (choice: ResponseOption) => ReactNode;
  onChange: (value: unknown) => void;
}

/**
 * One answer of a few, as buttons: native radio buttons (one name, so arrow keys move between them)
 * inside labels drawn as antd's button radios by checklist-renderer.css. antd's Radio.Button renders
 * its wave, radio and style hooks for every option on every answer: the most answered question type
 * of an inspection pays it between a tap and its paint (bench:inspection-screen).
 */
function ChoiceButtons({ labelId, disabled, value, choices, labelOf, swatch, onChange }: ChoiceButtonsProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} aria-disabled={disabled || undefined} className="checklist-choices">
      {choices.map((choice) => {
        const selected = value === choice.uuid;
        const className = ['checklist-choice', selected && 'checklist-choice-checked', disabled && 'checklist-choice-disabled']
          .filter(Boolean)
          .join(' ');
        return (
          <label
            key={choice.uuid}
            className={className}
            style={
              selected && choice.color
                ? { background: choice.color, borderColor: choice.color, color: readableTextOn(choice.color) }
                : undefined
            }
          >
            <input
              type="radio"
              className="checklist-sr"
              name={name}
              value={choice.uuid}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(choice.uuid)}
            />
            {!selected && swatch(choice)}
            {labelOf(choice)}
          </label>
        );
      })}
    </div>
  );
}
