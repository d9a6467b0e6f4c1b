/**
 * Property tests: any sequence of builder operations, whatever it asks, leaves a valid document:
 * start page first, end page last, the hidden page present, parents and depths consistent, no
 * illegal nesting, nothing on a page that excludes it, and no link reading a later item.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../context.ts';
import { collectLinks, findOrderViolations, findScopeViolations } from '../references.ts';
import { ITEM_TYPES, isContainerType, isPageType, type ItemType } from '../registry/item-types.ts';
import { getItemType, operandKindOf } from '../registry/registry.ts';
import { OPERATORS_BY_KIND } from '../rules/constants.ts';
import type { RuleAction, TemplateDocument } from '../schema.ts';
import { validatePlacement, validateStructure } from '../validation/validate-document.ts';
import { copyItems, pasteItems } from './clipboard.ts';
import { fixDeprecatedItem } from './fix.ts';
import { addItem, deleteItems, moveItems, toggleItemOption, TOGGLE_OPTIONS } from './items.ts';
import { addPage, createTemplateDocument, movePage } from './pages.ts';
import { setGroupedOptions, setRepeatable, unwrapRepeatables, wrapRepeatables } from './repeatable.ts';
import { setCalculation, setRuleSet } from './rule-sets.ts';
import { sequentialIds, type OperationContext } from './shared.ts';

const QUESTION_TYPES = ITEM_TYPES.filter((type) => !isPageType(type));
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

type Command =
  | { op: 'addPage'; kind: number; after: number }
  | { op: 'addItem'; type: number; parent: number; index: number }
  | { op: 'move'; items: number[]; parent: number; index: number }
  | { op: 'movePage'; page: number; index: number }
  | { op: 'delete'; item: number }
  | { op: 'repeatable'; item: number; on: boolean }
  | { op: 'grouped'; item: number; custom: boolean; remove: boolean }
  | { op: 'rule'; owner: number; dependency: number; target: number; action: number }
  | { op: 'calculation'; item: number; variable: number }
  | { op: 'toggle'; item: number; option: number }
  | { op: 'paste'; items: number[]; parent: number; index: number }
  | { op: 'fix'; item: number };

const n = fc.nat({ max: 1000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('addPage' as const), kind: n, after: n }),
  { arbitrary: fc.record({ op: fc.constant('addItem' as const), type: n, parent: n, index: n }), weight: 5 },
  {
    arbitrary: fc.record({ op: fc.constant('move' as const), items: fc.array(n, { minLength: 1, maxLength: 3 }), parent: n, index: n }),
    weight: 3,
  },
  fc.record({ op: fc.constant('movePage' as const), page: n, index: n }),
  fc.record({ op: fc.constant('delete' as const), item: n }),
  { arbitrary: fc.record({ op: fc.constant('repeatable' as const), item: n, on: fc.boolean() }), weight: 2 },
  fc.record({ op: fc.constant('grouped' as const), item: n, custom: fc.boolean(), remove: fc.boolean() }),
  { arbitrary: fc.record({ op: fc.constant('rule' as const), owner: n, dependency: n, target: n, action: n }), weight: 3 },
  fc.record({ op: fc.constant('calculation' as const), item: n, variable: n }),
  fc.record({ op: fc.constant('toggle' as const), item: n, option: n }),
  fc.record({ op: fc.constant('paste' as const), items: fc.array(n, { minLength: 1, maxLength: 2 }), parent: n, index: n }),
  fc.record({ op: fc.constant('fix' as const), item: n }),
);

function apply(doc: TemplateDocument, cmd: Command, ids: OperationContext): TemplateDocument {
  const pages = doc.items.filter((item) => item.depth === 0);
  const nonPages = doc.items.filter((item) => item.depth > 0);
  const containers = doc.items.filter((item) => isContainerType(item.type) && item.type !== 'repeating_group');
  let result: { ok: true; value: unknown } | { ok: false } = { ok: false };
  const docOf = (value: unknown): TemplateDocument => (value as { document?: TemplateDocument }).document ?? (value as TemplateDocument);
  switch (cmd.op) {
    case 'addPage': {
      const type = pick(['page', 'page', 'start_page', 'end_page'] as const, cmd.kind)!;
      result = addPage(doc, { type, after: pick(pages, cmd.after)?.id ?? null }, ids);
      break;
    }
    case 'addItem': {
      const parent = pick(containers, cmd.parent);
      if (parent) result = addItem(doc, { type: pick(QUESTION_TYPES, cmd.type)!, parent_id: parent.id, index: cmd.index % 5 }, ids);
      break;
    }
    case 'move': {
      const parent = pick(containers, cmd.parent);
      const moved = cmd.items.map((i) => pick(nonPages, i)?.id).filter((id): id is string => id !== undefined);
      if (parent) result = moveItems(doc, moved, { parent_id: parent.id, index: cmd.index % 5 });
      break;
    }
    case 'movePage': {
      const page = pick(pages, cmd.page);
      if (page) result = movePage(doc, page.id, cmd.index % 4);
      break;
    }
    case 'delete': {
      const item = pick(doc.items, cmd.item);
      if (item) result = deleteItems(doc, [item.id]);
      break;
    }
    case 'repeatable': {
      const item = pick(nonPages, cmd.item);
      if (item) result = setRepeatable(doc, item.id, cmd.on, { min: 1, max: null });
      break;
    }
    case 'grouped': {
      const sections = doc.items.filter((item) => item.type === 'section');
      const section = pick(sections, cmd.item);
      if (section) {
        result = setGroupedOptions(
          doc,
          section.id,
          cmd.remove ? null : { uuid: ids.newId(), type: cmd.custom ? 'custom' : 'response_set', items: [], flat_items: [] },
        );
      }
      break;
    }
    case 'rule': {
      const owners = nonPages.filter((item) => getItemType(item.type).takesRules);
      const owner = pick(owners, cmd.owner);
      const dependency = pick(owners, cmd.dependency);
      const target = pick(doc.items, cmd.target);
      if (!owner || !dependency || !target) break;
      const kind = operandKindOf(dependency)!;
      const actionType = pick(getItemType(target.type).actions, cmd.action)!;
      const action = { type: actionType, item_id: target.id, value: true, color: 'red' } as unknown as RuleAction;
      const operator = OPERATORS_BY_KIND[kind].find((op) => op === 'is_null' || op === 'exists') ?? 'is_null';
      result = setRuleSet(doc, owner.id, {
        uuid: ids.newId(),
        has_visibility: false,
        related_items: [],
        action_items: [],
        rules: [{ uuid: ids.newId(), logic: 'and', conditions: [{ item_id: dependency.id, operator }], actions: [action] }],
      });
      break;
    }
    case 'calculation': {
      const calculations = doc.items.filter((item) => item.type === 'calculation');
      const numeric = doc.items.filter((item) => getItemType(item.type).numeric);
      const item = pick(calculations, cmd.item);
      const variable = pick(numeric, cmd.variable);
      if (item && variable) result = setCalculation(doc, item.id, { value: 'v * 2', items: [{ key: 'v', item_id: variable.id }] });
      break;
    }
    case 'toggle': {
      const item = pick(nonPages, cmd.item);
      if (item) result = toggleItemOption(doc, item.id, pick(TOGGLE_OPTIONS, cmd.option)!);
      break;
    }
    case 'paste': {
      const parent = pick(containers, cmd.parent);
      const copied = cmd.items.map((i) => pick(nonPages, i)?.id).filter((id): id is string => id !== undefined);
      if (parent) result = pasteItems(doc, copyItems(doc, copied), { parent_id: parent.id, index: cmd.index % 5 }, ids);
      break;
    }
    case 'fix': {
      const deprecated = doc.items.filter((item) => getItemType(item.type).fixTo !== null);
      const item = pick(deprecated, cmd.item);
      if (item) result = fixDeprecatedItem(doc, item.id);
      break;
    }
  }
  return result.ok ? docOf(result.value) : doc;
}

function assertValid(doc: TemplateDocument): void {
  const context = buildContext(doc);
  expect(validateStructure(doc, context)).toEqual([]);
  expect(validatePlacement(context)).toEqual([]);
  const links = collectLinks(doc);
  expect(findOrderViolations(links, context.position)).toEqual([]);
  expect(findScopeViolations(links, context.scopeOf)).toEqual([]);
  const pages = doc.items.filter((item) => item.depth === 0).map((item) => item.type);
  const start = pages.indexOf('start_page');
  const end = pages.indexOf('end_page');
  expect(start <= 0).toBe(true);
  expect(end === -1 || end === pages.length - 1).toBe(true);
  for (const set of doc.rule_sets) expect(set.rules.length).toBeGreaterThan(0);
  expect(unwrapRepeatables(wrapRepeatables(doc)).items).toEqual(doc.items);
}

describe('operations keep the document valid', () => {
  it('for random sequences of operations', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (commands) => {
        const ids = sequentialIds('p');
        let doc = createTemplateDocument({}, ids);
        for (const cmd of commands) {
          doc = apply(doc, cmd, ids);
          assertValid(doc);
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('for random sequences from a document with every page kind and many types', () => {
    const ids = sequentialIds('q');
    let seed = createTemplateDocument({}, ids);
    for (const type of ['start_page', 'end_page'] as const) {
      const result = addPage(seed, { type }, ids);
      if (result.ok) seed = result.value.document;
    }
    for (const type of ITEM_TYPES as readonly ItemType[]) {
      for (const page of seed.items.filter((item) => item.depth === 0)) {
        const result = addItem(seed, { type, parent_id: page.id }, ids);
        if (result.ok) seed = result.value.document;
      }
    }
    assertValid(seed);
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (commands) => {
        const run = sequentialIds('r');
        let doc = seed;
        for (const cmd of commands) {
          doc = apply(doc, cmd, run);
          assertValid(doc);
        }
      }),
      { numRuns: 60, seed: 42 },
    );
  });
});
