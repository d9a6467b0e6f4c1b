/**
 * One item's links to other items, both ways, for the builder's conflict modal (spec 2 §2, §8). A
 * link is what `collectLinks` finds, the same links the move and delete checks use: so what the
 * modal lists is exactly what can refuse a reorder or be lost in a deletion. An item's links to
 * itself (a rule acting on its own question) are left out: they never conflict.
 */
import { succeed, type Result } from '../messages.ts';
import { collectLinks, type LinkKind } from '../references.ts';
import type { RuleActionType } from '../rules/constants.ts';
import type { TemplateDocument } from '../schema.ts';
import { unlinkItems } from './items.ts';

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

/** A link a change would put out of order: `from` is read by `to`. */
export interface ConflictingLink {
  kind: LinkKind;
  from: string;
  to: string;
}

/** The links of a CKL_MOVE_DEPENDENCY_CONFLICT refusal; empty for any other answer. */
export function conflictingLinksOf(result: Result<unknown>): ConflictingLink[] {
  if (result.ok || result.code !== 'CKL_MOVE_DEPENDENCY_CONFLICT') return [];
  return (result.data as { links?: ConflictingLink[] } | undefined)?.links ?? [];
}

/**
 * "Continue anyway" for a change refused because of dependency order (spec 2 §8: warn, ask to remove
 * the link first, or continue anyway): removes the links the change would break and applies it. A
 * link removed can reveal another one in the way (the refusal names those the change breaks first),
 * so it repeats until the change goes through or is refused for another reason. Answers the document
 * and every link removed, so the builder can name them before the user agrees.
 */
export function changeWithoutConflictingLinks(
  doc: TemplateDocument,
  change: (doc: TemplateDocument) => Result<TemplateDocument>,
): Result<{ document: TemplateDocument; removed: ConflictingLink[] }> {
  // Keyed: one pair of items can be linked by several rules (a refusal names each).
  const removed = new Map<string, ConflictingLink>();
  let current = doc;
  for (;;) {
    const result = change(current);
    const links = conflictingLinksOf(result);
    if (result.ok) return succeed({ document: result.value, removed: [...removed.values()] }, result.warnings);
    if (links.length === 0) return result;
    const unlinked = links.reduce((next, link) => unlinkItems(next, link.from, link.to), current);
    // A link unlinkItems cannot remove would be named again for ever: the refusal stands.
    if (collectLinks(unlinked).length >= collectLinks(current).length) return result;
    for (const link of links) removed.set(`${link.kind}:${link.from}:${link.to}`, link);
    current = unlinked;
  }
}
