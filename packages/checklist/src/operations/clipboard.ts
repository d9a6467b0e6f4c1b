/**
 * Copy and paste (spec 2 §4, §8): pasted items get new ids; links among them follow the copies.
 * Pasted items whose rules have errors lose their rule set; calculations with errors are kept and
 * warned about (a variable that would read a later item is unbound, so the formula reports it).
 */
import { validateCalculationItem } from '../calculations/validate.ts';
import { buildContext } from '../context.ts';
import { refuse, succeed, warning, type Result, type Warning } from '../messages.ts';
import { normalizeRuleSet, validateRuleSet } from '../rules/validate.ts';
import type { GlobalResponseSet, GroupedItem, Item, ResponseSet, RuleSet, TemplateDocument } from '../schema.ts';
import { reparent, subtreeEnd } from '../tree.ts';
import {
  checkChange,
  defaultOperationContext,
  finalize,
  insertionIndex,
  isValidParent,
  type OperationContext,
  type Target,
} from './shared.ts';

export interface Clipboard {
  /** Copied subtrees in document order, each root at depth 0 and parent_id null. */
  items: Item[];
  rule_sets: RuleSet[];
  responses: ResponseSet[];
  /** The global response sets the items answer from (absent in clipboards stored before them). */
  global_responses?: GlobalResponseSet[];
  grouped_items: GroupedItem[];
}

/** The sets of `existing` followed by those of `added` it does not hold yet (same uuid). */
function withMissing<T extends { uuid: string }>(existing: readonly T[], added: readonly T[]): T[] {
  return [...existing, ...added.filter((set) => !existing.some((own) => own.uuid === set.uuid))];
}

export function copyItems(doc: TemplateDocument, ids: readonly string[]): Clipboard {
  const wanted = new Set(ids);
  const items: Item[] = [];
  for (let i = 0; i < doc.items.length; i++) {
    const item = doc.items[i];
    if (!wanted.has(item.id) || item.depth === 0) continue;
    const end = subtreeEnd(doc.items, i);
    items.push(...reparent(doc.items.slice(i, end), null));
    i = end - 1;
  }
  const used = (key: 'rule_set_id' | 'response_set_id' | 'grouped_item_id') =>
    new Set(items.map((item) => item.options[key]).filter((id): id is string => Boolean(id)));
  const ruleSetIds = used('rule_set_id');
  const responseIds = used('response_set_id');
  const groupIds = used('grouped_item_id');
  const globalIds = new Set(items.filter((item) => item.options.options_type === 'global').map((item) => item.options.response_set_id));
  return {
    items,
    rule_sets: doc.rule_sets.filter((set) => ruleSetIds.has(set.uuid)),
    responses: doc.responses.filter((set) => responseIds.has(set.uuid)),
    global_responses: doc.global_responses.filter((set) => globalIds.has(set.uuid)),
    grouped_items: doc.grouped_items.filter((group) => groupIds.has(group.uuid)),
  };
}

export function pasteItems(
  doc: TemplateDocument,
  clipboard: Clipboard,
  target: Target,
  context: OperationContext = defaultOperationContext,
): Result<{ document: TemplateDocument; ids: string[] }> {
  const parentIndex = doc.items.findIndex((item) => item.id === target.parent_id);
  const parent = doc.items[parentIndex];
  if (!isValidParent(parent)) return refuse('CKL_NO_PARENT_ITEM');
  if (clipboard.items.length === 0) return succeed({ document: doc, ids: [] });

  const idMap = new Map<string, string>();
  for (const item of clipboard.items) idMap.set(item.id, context.newId());
  const ruleSetMap = new Map<string, string>();
  for (const set of clipboard.rule_sets) ruleSetMap.set(set.uuid, context.newId());
  const mapId = (id: string) => idMap.get(id) ?? id;
  const newIds = new Set(idMap.values());

  const pasted: Item[] = [];
  let stack: Item[] = [];
  for (const item of clipboard.items) {
    const options = { ...item.options };
    if (options.rule_set_id) options.rule_set_id = ruleSetMap.get(options.rule_set_id) ?? '';
    if (options.calculations) {
      options.calculations = {
        ...options.calculations,
        items: options.calculations.items.map((v) => ({ ...v, item_id: mapId(v.item_id) })),
      };
    }
    if (options.items) options.items = options.items.map((part) => (part.item_id ? { ...part, item_id: mapId(part.item_id) } : part));
    stack = stack.slice(0, item.depth);
    const parentItem = item.depth === 0 ? parent : stack[item.depth - 1];
    const copy: Item = { ...item, id: idMap.get(item.id)!, parent_id: parentItem.id, depth: parent.depth + 1 + item.depth, options };
    stack.push(copy);
    pasted.push(copy);
  }

  const ruleSets = clipboard.rule_sets.map((set) =>
    normalizeRuleSet({
      ...set,
      uuid: ruleSetMap.get(set.uuid)!,
      rules: set.rules.map((rule) => ({
        ...rule,
        uuid: context.newId(),
        conditions: rule.conditions.map((condition) => ({ ...condition, item_id: mapId(condition.item_id) })),
        actions: rule.actions.map((action) => ({ ...action, item_id: mapId(action.item_id) })),
      })),
    }),
  );
  const items = [...doc.items];
  items.splice(insertionIndex(items, parentIndex, target.index), 0, ...pasted);
  let next: TemplateDocument = {
    ...doc,
    items,
    rule_sets: [...doc.rule_sets, ...ruleSets],
    responses: withMissing(doc.responses, clipboard.responses),
    global_responses: withMissing(doc.global_responses, clipboard.global_responses ?? []),
    grouped_items: withMissing(doc.grouped_items, clipboard.grouped_items),
  };

  // Rules with errors are dropped from the pasted items.
  const warnings: Warning[] = [];
  let ctx = buildContext(next);
  const badRuleSets = new Set(
    ruleSets.filter((set) => validateRuleSet(ctx, set, 'rule_sets').some((entry) => entry.severity === 'error')).map((set) => set.uuid),
  );
  if (badRuleSets.size > 0) {
    const dropped = pasted.filter((item) => item.options.rule_set_id && badRuleSets.has(item.options.rule_set_id)).map((item) => item.id);
    next = {
      ...next,
      items: next.items.map((item) =>
        item.options.rule_set_id && badRuleSets.has(item.options.rule_set_id)
          ? { ...item, options: { ...item.options, rule_set_id: '' } }
          : item,
      ),
      rule_sets: next.rule_sets.filter((set) => !badRuleSets.has(set.uuid)),
    };
    warnings.push(warning('CKL_PASTE_RULES_DROPPED', { count: dropped.length }, { item_ids: dropped }));
    ctx = buildContext(next);
  }

  // Calculation variables that would read a later item are unbound; remaining errors warn.
  next = {
    ...next,
    items: next.items.map((item) => {
      if (item.type !== 'calculation' || !newIds.has(item.id) || !item.options.calculations) return item;
      const position = ctx.position.get(item.id)!;
      const bound = item.options.calculations.items.filter((v) => {
        const at = ctx.position.get(v.item_id);
        return at === undefined || at < position;
      });
      if (bound.length === item.options.calculations.items.length) return item;
      return { ...item, options: { ...item.options, calculations: { ...item.options.calculations, items: bound } } };
    }),
  };
  ctx = buildContext(next);
  const badCalculations = next.items
    .filter((item) => item.type === 'calculation' && newIds.has(item.id))
    .filter((item) => validateCalculationItem(ctx, item, 'items').length > 0)
    .map((item) => item.id);
  if (badCalculations.length > 0) {
    warnings.push(warning('CKL_PASTE_CALCULATION_ERRORS', { count: badCalculations.length }, { item_ids: badCalculations }));
  }

  next = finalize(next);
  const refusal = checkChange(doc, next);
  if (refusal) return refusal;
  return succeed({ document: next, ids: pasted.filter((item) => item.depth === parent.depth + 1).map((item) => item.id) }, warnings);
}
