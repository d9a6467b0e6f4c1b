/**
 * The evaluator's dependency graph, built once per document: for each item, what it reads (its
 * parent, the conditions of the rules acting on it, its calculation variables, the items a counter
 * counts) and who reads it, with a topological rank so that updates run in a safe order.
 */
import { compileExpression, type CompiledExpression } from '../calculations/expression.ts';
import { buildContext } from '../context.ts';
import { getItemType, operandKindOf } from '../registry/registry.ts';
import type { OperandKind } from '../rules/constants.ts';
import type { Item, ResponseOption, RuleAction, RuleCondition, TemplateDocument } from '../schema.ts';
import { choicesOf } from '../scoring/score.ts';

export interface CompiledCondition {
  itemId: string;
  kind: OperandKind;
  condition: RuleCondition;
}

export interface CompiledRule {
  logic: 'and' | 'or';
  conditions: CompiledCondition[];
  /** Uses the current date (current/relative date functions, newer/older than). */
  dateSensitive: boolean;
}

export interface Targeting {
  rule: CompiledRule;
  action: RuleAction;
}

export interface CompiledCalculation {
  expression: CompiledExpression | null;
  variables: { key: string; itemId: string }[];
}

export interface EvaluationPlan {
  doc: TemplateDocument;
  items: Item[];
  byId: Map<string, Item>;
  rank: Map<string, number>;
  scope: Map<string, string | null>;
  parent: Map<string, string | null>;
  /** Containers above each item (nearest first): pages and sections whose totals it adds to. */
  containers: Map<string, string[]>;
  targeting: Map<string, Targeting[]>;
  calculations: Map<string, CompiledCalculation>;
  counters: Map<string, string[]>;
  choices: Map<string, readonly ResponseOption[]>;
  /** Who reads each item. */
  dependents: Map<string, string[]>;
  /** Items whose rules read the clock. */
  dateSensitive: Set<string>;
  /** Items inside each repeatable scope, in rank order. */
  scopeMembers: Map<string, string[]>;
  edgeCount: number;
}

function usesClock(condition: RuleCondition): boolean {
  if (condition.operator === 'newer_than' || condition.operator === 'older_than') return true;
  const isFn = (v: unknown) => typeof v === 'object' && v !== null && 'fn' in v;
  return isFn(condition.value) || (Array.isArray(condition.value) && condition.value.some(isFn));
}

/** Items a counter counts: answered items of its `type` within its scope (all, page or section). */
function countedItems(item: Item, plan: { items: Item[]; parent: Map<string, string | null> }, pageOf: Map<string, Item>): string[] {
  const type = item.options.type;
  const scope = item.options.scope ?? 'all';
  const container = scope === 'page' ? pageOf.get(item.id)?.id : scope === 'section' ? plan.parent.get(item.id) : null;
  const within = (candidate: Item): boolean => {
    if (!container) return true;
    let current: string | null | undefined = candidate.id;
    while (current) {
      if (current === container) return true;
      current = plan.parent.get(current);
    }
    return false;
  };
  return plan.items.filter((candidate) => candidate.type === type && candidate.id !== item.id && within(candidate)).map((c) => c.id);
}

export function buildPlan(doc: TemplateDocument): EvaluationPlan {
  const context = buildContext(doc);
  const items = doc.items;
  const parent = new Map<string, string | null>();
  const containers = new Map<string, string[]>();
  for (const item of items) {
    const p = context.parentOf.get(item.id) ?? null;
    parent.set(item.id, p ? p.id : null);
    containers.set(item.id, p ? [p.id, ...(containers.get(p.id) ?? [])] : []);
  }

  const inputs = new Map<string, Set<string>>();
  const addInput = (reader: string, read: string) => {
    if (reader === read || !context.byId.has(read)) return;
    let set = inputs.get(reader);
    if (!set) inputs.set(reader, (set = new Set()));
    set.add(read);
  };
  for (const item of items) {
    const p = parent.get(item.id);
    if (p) addInput(item.id, p);
  }

  const targeting = new Map<string, Targeting[]>();
  const dateSensitive = new Set<string>();
  for (const ruleSet of doc.rule_sets) {
    for (const rule of ruleSet.rules) {
      const conditions: CompiledCondition[] = [];
      for (const condition of rule.conditions) {
        const source = context.byId.get(condition.item_id);
        const kind = source ? operandKindOf(source) : null;
        if (source && kind) conditions.push({ itemId: source.id, kind, condition });
      }
      const compiled: CompiledRule = {
        logic: rule.logic,
        conditions,
        dateSensitive: rule.conditions.some(usesClock),
      };
      for (const action of rule.actions) {
        if (!context.byId.has(action.item_id)) continue;
        let list = targeting.get(action.item_id);
        if (!list) targeting.set(action.item_id, (list = []));
        list.push({ rule: compiled, action });
        for (const condition of conditions) addInput(action.item_id, condition.itemId);
        if (compiled.dateSensitive) dateSensitive.add(action.item_id);
      }
    }
  }

  const calculations = new Map<string, CompiledCalculation>();
  const counters = new Map<string, string[]>();
  const choices = new Map<string, readonly ResponseOption[]>();
  for (const item of items) {
    if (item.type === 'calculation') {
      const calc = item.options.calculations ?? { value: '', items: [] };
      const variables = calc.items.map((v) => ({ key: v.key, itemId: v.item_id }));
      calculations.set(item.id, { expression: compileExpression(calc.value), variables });
      for (const v of variables) addInput(item.id, v.itemId);
    }
    if (item.type === 'counter') {
      const counted = countedItems(item, { items, parent }, context.pageOf);
      counters.set(item.id, counted);
      for (const id of counted) addInput(item.id, id);
    }
    const kind = getItemType(item.type).operandKind;
    if (kind === 'select') choices.set(item.id, choicesOf(doc, item));
  }

  // Dependents and a topological rank (Kahn); items caught in a cycle follow in document order.
  const dependents = new Map<string, string[]>();
  const indegree = new Map<string, number>();
  let edgeCount = 0;
  for (const item of items) indegree.set(item.id, 0);
  for (const [reader, reads] of inputs) {
    for (const read of reads) {
      let list = dependents.get(read);
      if (!list) dependents.set(read, (list = []));
      list.push(reader);
      indegree.set(reader, indegree.get(reader)! + 1);
      edgeCount++;
    }
  }
  const rank = new Map<string, number>();
  const queue = items.filter((item) => indegree.get(item.id) === 0).map((item) => item.id);
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head];
    rank.set(id, rank.size);
    for (const reader of dependents.get(id) ?? []) {
      const left = indegree.get(reader)! - 1;
      indegree.set(reader, left);
      if (left === 0) queue.push(reader);
    }
  }
  for (const item of items) if (!rank.has(item.id)) rank.set(item.id, rank.size);

  const scopeMembers = new Map<string, string[]>();
  const byRank = [...items].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  for (const item of byRank) {
    const scope = context.scopeOf.get(item.id) ?? null;
    if (scope === null) continue;
    let list = scopeMembers.get(scope);
    if (!list) scopeMembers.set(scope, (list = []));
    list.push(item.id);
  }

  return {
    doc,
    items,
    byId: context.byId,
    rank,
    scope: context.scopeOf,
    parent,
    containers,
    targeting,
    calculations,
    counters,
    choices,
    dependents,
    dateSensitive,
    scopeMembers,
    edgeCount,
  };
}
