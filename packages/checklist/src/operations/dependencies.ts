/**
 * One item's links to other items, both ways, for the builder's conflict modal (spec 2 §2, §8). A
 * link is what `collectLinks` finds, the same links the move and delete checks use: so what the
 * modal lists is exactly what can refuse a reorder or be lost in a deletion. An item's links to
 * itself (a rule acting on its own question) are left out: they never conflict.
 */
import { collectLinks, type LinkKind } from '../references.ts';
import type { RuleActionType } from '../rules/constants.ts';
import type { TemplateDocument } from '../schema.ts';

export interface ItemDependency {
  /** `used_by`: the other item reads this one; `uses`: this one reads the other. */
  direction: 'used_by' | 'uses';
  /** The other item. */
  id: string;
  /** The item read and the item reading it: `unlinkItems(doc, from, to)` removes the link. */
  from: string;
  to: string;
  kinds: LinkKind[];
  /** For rule links: what rules reading `from` do to `to`, each once, in rule order. */
  actions: RuleActionType[];
}

/** The item's links, those reading it first, each group in document order of the other item. */
export function dependenciesOf(doc: Pick<TemplateDocument, 'items' | 'rule_sets'>, id: string): ItemDependency[] {
  const position = new Map(doc.items.map((item, index) => [item.id, index]));
  const entries = new Map<string, ItemDependency>();
  for (const link of collectLinks(doc)) {
    if (link.from === link.to || (link.from !== id && link.to !== id)) continue;
    const direction = link.from === id ? 'used_by' : 'uses';
    const other = direction === 'used_by' ? link.to : link.from;
    if (!position.has(other)) continue;
    const key = `${direction}\u0000${other}`;
    const entry = entries.get(key) ?? { direction, id: other, from: link.from, to: link.to, kinds: [], actions: [] };
    if (!entry.kinds.includes(link.kind)) entry.kinds.push(link.kind);
    entries.set(key, entry);
  }
  for (const entry of entries.values()) if (entry.kinds.includes('rule')) entry.actions = ruleActions(doc, entry.from, entry.to);
  const order = (entry: ItemDependency) => (entry.direction === 'used_by' ? 0 : doc.items.length) + position.get(entry.id)!;
  return [...entries.values()].sort((a, b) => order(a) - order(b));
}

function ruleActions(doc: Pick<TemplateDocument, 'rule_sets'>, from: string, to: string): RuleActionType[] {
  const actions = new Set<RuleActionType>();
  for (const ruleSet of doc.rule_sets) {
    for (const rule of ruleSet.rules) {
      if (!rule.conditions.some((condition) => condition.item_id === from)) continue;
      for (const action of rule.actions) if (action.item_id === to) actions.add(action.type);
    }
  }
  return [...actions];
}
