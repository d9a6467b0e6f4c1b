import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { getItemType, operatorsFor, removeRuleSet, setRuleSet, type Item, type Rule, type RuleSet } from '@vigil/checklist';
import { Alert, Button, Card, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../../components/FeatureGate.tsx';
import type { BuilderModalProps } from '../extensions.ts';
import { ActionFields } from './ActionFields.tsx';
import { ConditionValueInput } from './ConditionValueInput.tsx';
import {
  actionTargets,
  conditionSources,
  defaultActionFor,
  defaultTarget,
  initialValue,
  kindOf,
  newAction,
  newCondition,
  newRule,
  optionsOf,
  ruleSetOf,
} from './rule-draft.ts';

/**
 * The rules of one item (spec 2 §5): conditions on this and earlier questions with the operators of
 * their type, actions per target type. Saving runs the domain's `setRuleSet` and shows its refusal.
 */
export function RulesModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const owner = document.items.find((item) => item.id === itemId);
  const [draft, setDraft] = useState<RuleSet>(() => ruleSetOf(document, itemId));
  const [refusal, setRefusal] = useState<string | null>(null);
  const sources = useMemo(() => conditionSources(document, itemId), [document, itemId]);
  const targets = useMemo(() => actionTargets(document), [document]);
  const hadRules = Boolean(owner?.options.rule_set_id);
  if (!owner) return null;

  const titleOf = (item: Item) => item.title || t(`builder:types.${item.type}`);
  const change = (r: number, rule: Rule) => {
    setRefusal(null);
    setDraft((current) => ({ ...current, rules: current.rules.map((entry, i) => (i === r ? rule : entry)) }));
  };
  const save = () => {
    const result = setRuleSet(document, itemId, draft);
    if (result.ok) onApply(result.value);
    else setRefusal(t(`checklist:messages.${result.code}`, result.params));
  };
  const removeAll = () => {
    const result = removeRuleSet(document, itemId);
    if (result.ok) onApply(result.value);
  };

  return (
    <Modal
      open={open}
      width={880}
      title={t('rules.title', { title: titleOf(owner) })}
      onCancel={onClose}
      footer={[
        hadRules && (
          <Button key="remove" danger onClick={removeAll}>
            {t('rules.remove_all')}
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" onClick={save}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <FeatureGate feature="ckl_rule">
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="rules-modal">
          {refusal && <Alert type="error" showIcon title={refusal} role="alert" />}
          {draft.rules.map((rule, r) => {
            const ruleName = t('rules.rule', { n: r + 1 });
            return (
              <Card
                key={rule.uuid}
                size="small"
                title={ruleName}
                extra={
                  <Button
                    size="small"
                    aria-label={t('rules.remove_rule', { n: r + 1 })}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() =>
                      setDraft((current) => ({ ...current, rules: current.rules.filter((entry) => entry.uuid !== rule.uuid) }))
                    }
                  />
                }
              >
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Space>
                    <Typography.Text strong>{t('rules.if')}</Typography.Text>
                    <Select
                      aria-label={`${ruleName} ${t('rules.logic')}`}
                      value={rule.logic}
                      options={[
                        { value: 'and', label: t('rules.logic_and') },
                        { value: 'or', label: t('rules.logic_or') },
                      ]}
                      onChange={(logic) => change(r, { ...rule, logic })}
                    />
                  </Space>
                  {rule.conditions.map((condition, c) => {
                    const kind = kindOf(document, condition.item_id) ?? 'text';
                    const label = `${ruleName} ${t('rules.question')} ${c + 1}`;
                    const setCondition = (next: typeof condition) =>
                      change(r, { ...rule, conditions: rule.conditions.map((entry, i) => (i === c ? next : entry)) });
                    return (
                      <Space key={`condition-${c}`} wrap align="start">
                        <Select
                          aria-label={label}
                          style={{ minWidth: 200 }}
                          value={condition.item_id}
                          options={sources.map((item) => ({ value: item.id, label: titleOf(item) }))}
                          onChange={(id) => setCondition(newCondition(document, id))}
                        />
                        <Select
                          aria-label={`${label} ${t('rules.operator')}`}
                          style={{ minWidth: 180 }}
                          value={condition.operator}
                          options={operatorsFor(kind).map((operator) => ({ value: operator, label: t(`rules.operators.${operator}`) }))}
                          onChange={(operator) => setCondition({ ...condition, operator, value: initialValue(kind, operator) })}
                        />
                        <ConditionValueInput
                          kind={kind}
                          operator={condition.operator}
                          value={condition.value}
                          options={optionsOf(document, condition.item_id)}
                          label={`${label} ${t('rules.value')}`}
                          onChange={(value) => setCondition({ ...condition, value })}
                        />
                        <Button
                          aria-label={t('rules.remove_condition', { n: c + 1 })}
                          icon={<DeleteOutlined aria-hidden />}
                          onClick={() => change(r, { ...rule, conditions: rule.conditions.filter((_, i) => i !== c) })}
                        />
                      </Space>
                    );
                  })}
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => change(r, { ...rule, conditions: [...rule.conditions, newCondition(document, itemId)] })}
                  >
                    {t('rules.add_condition')}
                  </Button>
                  <Typography.Text strong>{t('rules.then')}</Typography.Text>
                  {rule.actions.map((action, a) => {
                    const label = `${ruleName} ${t('rules.action')} ${a + 1}`;
                    const target = document.items.find((item) => item.id === action.item_id);
                    const setAction = (next: typeof action) =>
                      change(r, { ...rule, actions: rule.actions.map((entry, i) => (i === a ? next : entry)) });
                    return (
                      <Space key={`action-${a}`} wrap align="start">
                        <Select
                          aria-label={`${label} ${t('rules.target')}`}
                          style={{ minWidth: 200 }}
                          value={action.item_id}
                          options={targets.map((item) => ({ value: item.id, label: titleOf(item) }))}
                          onChange={(id) => setAction(defaultActionFor(document, id))}
                        />
                        <Select
                          aria-label={label}
                          style={{ minWidth: 200 }}
                          value={action.type}
                          options={(target ? getItemType(target.type).actions : []).map((type) => ({
                            value: type,
                            label: t(`rules.actions.${type}`),
                          }))}
                          onChange={(type) => setAction(newAction(type, action.item_id))}
                        />
                        <ActionFields document={document} action={action} label={label} onChange={setAction} />
                        <Button
                          aria-label={t('rules.remove_action', { n: a + 1 })}
                          icon={<DeleteOutlined aria-hidden />}
                          onClick={() => change(r, { ...rule, actions: rule.actions.filter((_, i) => i !== a) })}
                        />
                      </Space>
                    );
                  })}
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    disabled={targets.length === 0}
                    onClick={() =>
                      change(r, { ...rule, actions: [...rule.actions, defaultActionFor(document, defaultTarget(document, itemId))] })
                    }
                  >
                    {t('rules.add_action')}
                  </Button>
                </Space>
              </Card>
            );
          })}
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDraft((current) => ({ ...current, rules: [...current.rules, newRule(document, itemId)] }))}
          >
            {t('rules.add_rule')}
          </Button>
        </Space>
      </FeatureGate>
    </Modal>
  );
}
