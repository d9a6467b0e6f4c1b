import { REQUIRED_ACTION_KINDS, RULE_COLORS, type RuleAction, type TemplateDocument } from '@vigil/checklist';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionValueInput } from './ConditionValueInput.tsx';
import { kindOf, optionsOf } from './rule-draft.ts';

interface Props {
  document: TemplateDocument;
  action: RuleAction;
  label: string;
  onChange: (action: RuleAction) => void;
}

/** The extra fields an action type carries (show or hide, color, kind of requirement, a value fitting the target). */
export function ActionFields({ document, action, label, onChange }: Props) {
  const { t } = useTranslation('builder-modals');
  switch (action.type) {
    case 'set_hidden':
      return (
        <Select
          aria-label={`${label} ${t('rules.value')}`}
          value={action.value}
          options={[
            { value: false, label: t('rules.show') },
            { value: true, label: t('rules.hide') },
          ]}
          onChange={(value) => onChange({ ...action, value })}
        />
      );
    case 'set_color':
      return (
        <>
          <Select
            aria-label={`${label} ${t('rules.color')}`}
            value={action.color}
            options={RULE_COLORS.map((color) => ({ value: color, label: t(`rules.colors.${color}`) }))}
            onChange={(color) => onChange({ ...action, color })}
          />
          {action.color === 'custom' && (
            <Input
              type="color"
              aria-label={`${label} ${t('rules.custom_color')}`}
              style={{ width: 56 }}
              value={action.custom_color ?? '#000000'}
              onChange={(event) => onChange({ ...action, custom_color: event.target.value })}
            />
          )}
        </>
      );
    case 'require_action':
      return (
        <Select
          aria-label={`${label} ${t('rules.value')}`}
          value={action.value}
          options={REQUIRED_ACTION_KINDS.map((kind) => ({ value: kind, label: t(`rules.required_kinds.${kind}`) }))}
          onChange={(value) => onChange({ ...action, value })}
        />
      );
    case 'set_value':
    case 'set_value_not_answered': {
      const kind = kindOf(document, action.item_id) ?? 'text';
      return (
        <ConditionValueInput
          kind={kind}
          operator={kind === 'multiselect' ? 'exact' : 'equals'}
          value={action.value}
          options={optionsOf(document, action.item_id)}
          label={`${label} ${t('rules.value')}`}
          onChange={(value) => onChange({ ...action, value })}
        />
      );
    }
    case 'set_score':
      return (
        <InputNumber
          aria-label={`${label} ${t('rules.value')}`}
          value={action.value}
          onChange={(value) => onChange({ ...action, value: value ?? 0 })}
        />
      );
    case 'set_rating':
      return (
        <InputNumber
          aria-label={`${label} ${t('rules.value')}`}
          min={1}
          max={5}
          precision={0}
          value={action.value}
          onChange={(value) => onChange({ ...action, value: value ?? 1 })}
        />
      );
    default:
      return null;
  }
}
