import {
  DEFAULT_RESPONSE_OPTIONS,
  NOT_APPLICABLE,
  toNumber,
  unitOf,
  type Item,
  type ItemState,
  type ResponseOption,
} from '@vigil/checklist';
import { Checkbox, Input, InputNumber, Radio, Select, Slider, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextOn } from '../../lib/readable-text.ts';
import { DATE_TYPES, dateKind, OUTPUT_TYPES, choicesToAnswer, sliderRange, TEXT_TYPES } from './answer-kinds.ts';
import { useChecklistScope } from './ChecklistScope.ts';
import { fromDateInput, toDateInput } from './answer-dates.ts';
import { GlobalListControl } from './GlobalListControl.tsx';

interface Props {
  item: Item;
  state: ItemState;
  answerKey: string;
  labelId: string;
}

/** The answer control of one question type, or a marked placeholder for a type the renderer cannot answer yet. */
export function AnswerControl({ item, state, answerKey, labelId }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const { document, answer, sources } = useChecklistScope();
  const set = (value: unknown) => answer(answerKey, value);
  const disabled = !state.enabled;
  const common = { 'aria-labelledby': labelId, disabled };
  const value = state.value;

  if (TEXT_TYPES.has(item.type)) {
    return <Input {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />;
  }
  if (item.type === 'longText') {
    return (
      <Input.TextArea
        {...common}
        autoSize={{ minRows: 2 }}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => set(event.target.value)}
      />
    );
  }
  if (item.type === 'number') {
    return (
      <InputNumber<number>
        {...common}
        style={{ width: '100%' }}
        value={toNumber(value)}
        step={toNumber(item.options.step) ?? 1}
        suffix={unitOf(item, document.custom_units) ?? undefined}
        onChange={(next) => set(next)}
      />
    );
  }
  if (item.type === 'slider') {
    const { min, max, step } = sliderRange(item);
    return (
      <Slider
        aria-labelledby={labelId}
        ariaLabelledByForHandle={labelId}
        disabled={disabled}
        min={min}
        max={max}
        step={step}
        value={toNumber(value) ?? min}
        onChange={(next) => set(next)}
      />
    );
  }
  if (OUTPUT_TYPES.has(item.type)) {
    const unit = unitOf(item, document.custom_units);
    return (
      <output className="checklist-output" aria-labelledby={labelId} data-testid="checklist-output">
        {state.error ? (
          <Typography.Text type="danger">{t(`checklist:messages.${state.error}`)}</Typography.Text>
        ) : value === null || value === undefined ? (
          t('no_value')
        ) : (
          `${String(value)}${unit ? ` ${unit}` : ''}`
        )}
      </output>
    );
  }
  if (DATE_TYPES.has(item.type)) {
    const kind = dateKind(item);
    return (
      <input
        className="ant-input checklist-date"
        type={kind}
        step={1}
        {...common}
        value={toDateInput(value, kind)}
        onChange={(event) => set(fromDateInput(event.target.value, kind, new Date()))}
      />
    );
  }
  if (item.type === 'checkbox' || item.type === 'acknowledgment') {
    return (
      <Checkbox {...common} checked={value === true} onChange={(event) => set(event.target.checked ? true : null)}>
        {item.type === 'acknowledgment' ? t('acknowledge') : t('checked')}
      </Checkbox>
    );
  }
  const listUuid = item.type === 'global_list' ? item.options.global_list_uuid : undefined;
  if (listUuid && sources.globalListItems) {
    return (
      <GlobalListControl
        item={item}
        listUuid={listUuid}
        load={sources.globalListItems}
        value={value}
        disabled={disabled}
        labelId={labelId}
        onChange={set}
      />
    );
  }
  const choices = choicesToAnswer(document, item);
  if (choices.length > 0)
    return <ChoiceControl item={item} choices={choices} value={value} disabled={disabled} labelId={labelId} onChange={set} />;
  return (
    <div className="checklist-unavailable" data-testid="checklist-unavailable">
      {t('unavailable', { type: t(`builder:types.${item.type}`) })}
    </div>
  );
}

function ChoiceControl({
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
