/**
 * Links between items: calculations read their variables, document ids read their item parts, and
 * rules read their conditions' items to act on their actions' items. A link says `to` reads `from`;
 * `from` must come before `to` in the document (spec 2 §5 "Dependencies may only refer to earlier
 * questions" and the move rule), or be the same item for actions that do not feed values.
 */
import { FLOW_ACTIONS, type RuleActionType } from './rules/constants.ts';
import type { ItemRelations, RelationLink, TemplateDocument } from './schema.ts';

export type LinkKind = 'calculation' | 'document_id' | 'rule';

export interface Link {
  kind: LinkKind;
  /** The item that is read. */
  from: string;
  /** The item that reads it (the calculation, the document id, the rule's action target). */
  to: string;
  /** `from` must be strictly before `to` (otherwise the same item is allowed too). */
  strict: boolean;
  rule_set_id?: string;
  action?: RuleActionType;
}

export function collectLinks(doc: Pick<TemplateDocument, 'items' | 'rule_sets'>): Link[] {
  const links: Link[] = [];
  for (const item of doc.items) {
    if (item.type === 'calculation') {
      for (const variable of item.options.calculations?.items ?? []) {
        links.push({ kind: 'calculation', from: variable.item_id, to: item.id, strict: true });
      }
    }
    if (item.type === 'document_id') {
      for (const part of item.options.items ?? []) {
        if (part.type === 'item' && part.item_id) {
          links.push({ kind: 'document_id', from: part.item_id, to: item.id, strict: true });
        }
      }
    }
  }
  for (const ruleSet of doc.rule_sets) {
    const seen = new Set<string>();
    for (const rule of ruleSet.rules) {
      for (const condition of rule.conditions) {
        for (const action of rule.actions) {
          const strict = FLOW_ACTIONS.includes(action.type);
          const key = `${condition.item_id}\u0000${action.item_id}\u0000${strict}`;
          if (seen.has(key)) continue;
          seen.add(key);
          links.push({
            kind: 'rule',
            from: condition.item_id,
            to: action.item_id,
            strict,
            rule_set_id: ruleSet.uuid,
            action: action.type,
          });
        }
      }
    }
  }
  return links;
}

/** Links whose order is wrong for the given positions (or whose items are missing). */
export function findOrderViolations(links: readonly Link[], position: ReadonlyMap<string, number>): Link[] {
  return links.filter((link) => {
    const from = position.get(link.from);
    const to = position.get(link.to);
    if (from === undefined || to === undefined) return false;
    return link.strict ? from >= to : from > to;
  });
}

/** Links that read an item inside a repeatable from outside that repeatable. */
export function findScopeViolations(links: readonly Link[], scopeOf: ReadonlyMap<string, string | null>): Link[] {
  return links.filter((link) => {
    const from = scopeOf.get(link.from) ?? null;
    return from !== null && from !== (scopeOf.get(link.to) ?? null);
  });
}

/** Links that touch any of the given items. */
export function linksTouching(links: readonly Link[], ids: ReadonlySet<string>): Link[] {
  return links.filter((link) => ids.has(link.from) || ids.has(link.to));
}

/**
 * The relations index of spec 2 §3: per item, `inside` lists the items it reads and `outside` the
 * items that read it, each flagged by how (calculation, document id, rule set behaviour).
 */
export function computeRelations(doc: Pick<TemplateDocument, 'items' | 'rule_sets'>): Record<string, ItemRelations> {
  const relations: Record<string, ItemRelations> = {};
  const get = (id: string): ItemRelations => (relations[id] ??= { inside: [], outside: [] });
  const upsert = (list: RelationLink[], itemId: string): RelationLink => {
    let link = list.find((l) => l.item_id === itemId);
    if (!link) {
      link = { item_id: itemId, calculation: false, document_id: false, rule_set_behaviour: null };
      list.push(link);
    }
    return link;
  };
  for (const link of collectLinks(doc)) {
    const inside = upsert(get(link.to).inside, link.from);
    const outside = upsert(get(link.from).outside, link.to);
    if (link.kind === 'calculation') inside.calculation = outside.calculation = true;
    if (link.kind === 'document_id') inside.document_id = outside.document_id = true;
    if (link.kind === 'rule') {
      const self = link.from === link.to;
      inside.rule_set_behaviour = self ? 'inside_outside' : mergeBehaviour(inside.rule_set_behaviour, 'inside');
      outside.rule_set_behaviour = self ? 'inside_outside' : mergeBehaviour(outside.rule_set_behaviour, 'outside');
    }
  }
  return relations;
}

function mergeBehaviour(current: RelationLink['rule_set_behaviour'], next: 'inside' | 'outside'): RelationLink['rule_set_behaviour'] {
  if (current === null || current === next) return next;
  return 'inside_outside';
}
