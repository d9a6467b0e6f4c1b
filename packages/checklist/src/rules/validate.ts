/** Rule set validation (spec 2 §5). */
import { issue, type DocumentContext, type ValidationIssue } from '../context.ts';
import { getItemType, operandKindOf } from '../registry/registry.ts';
import type { RuleSet } from '../schema.ts';
import { isConditionValueValid, isOperatorAllowed } from './conditions.ts';
import { FLOW_ACTIONS } from './constants.ts';

/**
 * Checks one rule set against the document. `path` is where it sits (`rule_sets.2`).
 * - at least one rule, each with conditions and non-empty actions;
 * - operators allowed for the dependency's type, values of the right shape, dates as YYYY-MM-DDTHH:mm:ss;
 * - actions allowed for the target's type;
 * - dependencies only on earlier questions; visibility never changed on an item of the rule's conditions;
 * - no link from outside a repeatable into it.
 */
export function validateRuleSet(context: DocumentContext, ruleSet: RuleSet, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (code: Parameters<typeof issue>[0], where: string, params?: Record<string, string | number>) =>
    issues.push(issue(code, where, { rule_set_id: ruleSet.uuid, ...(params ? { params } : {}) }));

  if (ruleSet.rules.length === 0) at('CKL_RULE_SET_NO_RULES', `${path}.rules`);
  ruleSet.rules.forEach((rule, r) => {
    const rulePath = `${path}.rules.${r}`;
    if (rule.conditions.length === 0) at('CKL_RULE_NO_CONDITIONS', `${rulePath}.conditions`);
    if (rule.actions.length === 0) at('CKL_RULE_NO_ACTIONS', `${rulePath}.actions`);

    rule.conditions.forEach((condition, c) => {
      const where = `${rulePath}.conditions.${c}`;
      const item = context.byId.get(condition.item_id);
      if (!item) return at('CKL_REFERENCE_MISSING', `${where}.item_id`, { item: condition.item_id });
      const kind = operandKindOf(item);
      if (kind === null || !isOperatorAllowed(kind, condition.operator)) {
        return at('CKL_RULE_OPERATOR_NOT_ALLOWED', `${where}.operator`, { operator: condition.operator, type: item.type });
      }
      if (!isConditionValueValid(kind, condition)) {
        const dateLike = kind === 'date' && condition.operator !== 'newer_than' && condition.operator !== 'older_than';
        at(dateLike ? 'CKL_RULE_DATE_INVALID' : 'CKL_RULE_VALUE_INVALID', `${where}.value`, { operator: condition.operator });
      }
    });

    rule.actions.forEach((action, a) => {
      const where = `${rulePath}.actions.${a}`;
      const target = context.byId.get(action.item_id);
      if (!target) return at('CKL_REFERENCE_MISSING', `${where}.item_id`, { item: action.item_id });
      if (!getItemType(target.type).actions.includes(action.type)) {
        return at('CKL_RULE_ACTION_NOT_ALLOWED', `${where}.type`, { action: action.type, type: target.type });
      }
      if (action.type === 'set_color' && action.color === 'custom' && !action.custom_color) {
        at('CKL_FIELD_REQUIRED', `${where}.custom_color`);
      }
      const targetPos = context.position.get(target.id)!;
      const targetScope = context.scopeOf.get(target.id) ?? null;
      for (const condition of rule.conditions) {
        const depPos = context.position.get(condition.item_id);
        if (depPos === undefined) continue;
        if (action.type === 'set_hidden' && condition.item_id === target.id) {
          at('CKL_RULE_VISIBILITY_IN_CONDITION', `${where}.item_id`);
          continue;
        }
        const strict = FLOW_ACTIONS.includes(action.type);
        if (strict ? depPos >= targetPos : depPos > targetPos) {
          at('CKL_RULE_DEPENDENCY_NOT_EARLIER', `${where}.item_id`);
          continue;
        }
        const depScope = context.scopeOf.get(condition.item_id) ?? null;
        if (depScope !== null && depScope !== targetScope) at('CKL_REFERENCE_IN_REPEATABLE', `${where}.item_id`);
      }
    });
  });
  return issues;
}

/** Fills the derived fields of a rule set: related_items, action_items and has_visibility. */
export function normalizeRuleSet(ruleSet: RuleSet): RuleSet {
  const related: string[] = [];
  const targets: string[] = [];
  let hasVisibility = false;
  for (const rule of ruleSet.rules) {
    for (const condition of rule.conditions) if (!related.includes(condition.item_id)) related.push(condition.item_id);
    for (const action of rule.actions) {
      if (!targets.includes(action.item_id)) targets.push(action.item_id);
      if (action.type === 'set_hidden') hasVisibility = true;
    }
  }
  return { ...ruleSet, related_items: related, action_items: targets, has_visibility: hasVisibility };
}
