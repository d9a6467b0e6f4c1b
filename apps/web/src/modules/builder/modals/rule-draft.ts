/**
 * What the rules modal offers, read from the domain: the questions a condition may read (earlier
 * ones and the item itself, with an operand kind), the operators of each kind, the items an action
 * may target and the actions of each type, and the empty value an operator starts with.
 */
import {
  choicesOf,
  getItemType,
  operandKindOf,
  operatorsFor,
  type Item,
  type OperandKind,
  type ResponseOption,
  type Rule,
  type RuleAction,
  type RuleActionType,
  type RuleCondition,
  type RuleOperator,
  type RuleSet,
  type TemplateDocument,
} from '@vigil/checklist';

const NO_VALUE: ReadonlySet<RuleOperator> = new Set(['is_null', 'is_not_null', 'is_empty', 'is_not_empty', 'exists', 'not_exists']);
const LIST_VALUE: ReadonlySet<RuleOperator> = new Set([
  'in',
  'not_in',
  'exact',
  'not_exact',
  'exists_in',
  'not_exists_in',
  'all_in',
  'all_not_in',
]);

export const operatorTakesNoValue = (operator: RuleOperator) => NO_VALUE.has(operator);
export const operatorTakesList = (operator: RuleOperator) => LIST_VALUE.has(operator);
export const operatorTakesRange = (operator: RuleOperator) => operator === 'between' || operator === 'not_between';
export const operatorTakesDuration = (operator: RuleOperator) => operator === 'newer_than' || operator === 'older_than';

/** Questions a condition may read: those with an operand kind, up to and including the owner. */
export function conditionSources(doc: TemplateDocument, ownerId: string): Item[] {
  const end = doc.items.findIndex((item) => item.id === ownerId);
  return doc.items.slice(0, end + 1).filter((item) => item.depth > 0 && operandKindOf(item) !== null);
}

/** Items an action may change: every non-page item whose type takes at least one action. */
export function actionTargets(doc: TemplateDocument): Item[] {
  return doc.items.filter(
    (item) => item.depth > 0 && !item.type.startsWith('inspection_real_') && getItemType(item.type).actions.length > 0,
  );
}

export function kindOf(doc: TemplateDocument, itemId: string): OperandKind | null {
  const item = doc.items.find((entry) => entry.id === itemId);
  return item ? operandKindOf(item) : null;
}

export function optionsOf(doc: TemplateDocument, itemId: string): readonly ResponseOption[] {
  const item = doc.items.find((entry) => entry.id === itemId);
  return item ? choicesOf(doc, item) : [];
}

/** The value an operator starts with, for the kind of question it reads. */
export function initialValue(kind: OperandKind, operator: RuleOperator): unknown {
  if (operatorTakesNoValue(operator)) return undefined;
  if (operatorTakesDuration(operator)) return { amount: 1, unit: 'day' };
  if (operatorTakesRange(operator)) return kind === 'date' ? ['', ''] : [null, null];
  if (operatorTakesList(operator)) return [];
  if (kind === 'boolean') return true;
  if (kind === 'number') return null;
  return '';
}

export function newCondition(doc: TemplateDocument, itemId: string): RuleCondition {
  const kind = kindOf(doc, itemId) ?? 'text';
  const operator = operatorsFor(kind)[0];
  return { item_id: itemId, operator, value: initialValue(kind, operator) };
}

/** An action of `type` on `itemId` with the extra fields its type needs. */
export function newAction(type: RuleActionType, itemId: string): RuleAction {
  switch (type) {
    case 'set_hidden':
      return { type, item_id: itemId, value: false };
    case 'exclude_report':
      return { type, item_id: itemId, value: true };
    case 'set_color':
      return { type, item_id: itemId, color: 'red' };
    case 'require_action':
      return { type, item_id: itemId, value: 'note' };
    case 'set_value':
    case 'set_value_not_answered':
      return { type, item_id: itemId, value: '' };
    case 'set_score':
      return { type, item_id: itemId, value: 0 };
    case 'set_rating':
      return { type, item_id: itemId, value: 1 };
    default:
      return { type, item_id: itemId };
  }
}

/** The first action a target takes: show/hide where it can, else its first. */
export function defaultActionFor(doc: TemplateDocument, itemId: string): RuleAction {
  const item = doc.items.find((entry) => entry.id === itemId);
  const actions = item ? getItemType(item.type).actions : [];
  return newAction(actions.includes('set_hidden') ? 'set_hidden' : (actions[0] ?? 'set_hidden'), itemId);
}

export function newRule(doc: TemplateDocument, ownerId: string): Rule {
  return { uuid: crypto.randomUUID(), logic: 'and', conditions: [newCondition(doc, ownerId)], actions: [] };
}

/** The item's rule set, or a new one with one empty rule. */
export function ruleSetOf(doc: TemplateDocument, ownerId: string): RuleSet {
  const owner = doc.items.find((item) => item.id === ownerId);
  const existing = owner?.options.rule_set_id ? doc.rule_sets.find((set) => set.uuid === owner.options.rule_set_id) : undefined;
  if (existing) return existing;
  return { uuid: crypto.randomUUID(), has_visibility: false, related_items: [], action_items: [], rules: [newRule(doc, ownerId)] };
}

/** A new action targets the first item after the owner (dependencies must come earlier), else the owner. */
export function defaultTarget(doc: TemplateDocument, ownerId: string): string {
  const position = doc.items.findIndex((item) => item.id === ownerId);
  const later = actionTargets(doc).find((item) => doc.items.indexOf(item) > position);
  return later?.id ?? ownerId;
}
