import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import type { RuleSet, TemplateDocument } from '../schema.ts';
import { changeWithoutConflictingLinks, conflictingLinksOf, dependenciesOf } from './dependencies.ts';
import { moveItems, unlinkItems } from './items.ts';
import { setRuleSet } from './rule-sets.ts';

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}

const ruleSet = (uuid: string, rules: RuleSet['rules']): RuleSet => ({
  uuid,
  has_visibility: false,
  related_items: [],
  action_items: [],
  rules,
});

function linked(): TemplateDocument {
  const base = buildDocument([
    {
      id: 'start',
      type: 'start_page',
      children: [
        { id: 'site', type: 'textAnswer' },
        {
          id: 'docid',
          type: 'document_id',
          options: {
            items: [
              { key: 'number', type: 'unique', item_id: null },
              { key: 'site', type: 'item', item_id: 'site' },
            ],
          },
        },
      ],
    },
    {
      id: 'p1',
      type: 'page',
      children: [
        { id: 'a', type: 'number' },
        { id: 'b', type: 'number' },
        {
          id: 'calc',
          type: 'calculation',
          options: {
            calculations: {
              value: 'x + y',
              items: [
                { key: 'x', item_id: 'a' },
                { key: 'y', item_id: 'b' },
              ],
            },
          },
        },
        { id: 'shown', type: 'textAnswer' },
        { id: 'free', type: 'textAnswer' },
      ],
    },
  ]);
  const withA = unwrap(
    setRuleSet(
      base,
      'a',
      ruleSet('rs-a', [
        {
          uuid: 'r1',
          logic: 'and',
          conditions: [{ item_id: 'a', operator: 'greater', value: 1 }],
          actions: [
            { type: 'set_hidden', item_id: 'shown', value: false },
            { type: 'required', item_id: 'shown' },
          ],
        },
        {
          uuid: 'r2',
          logic: 'and',
          conditions: [{ item_id: 'a', operator: 'lesser', value: 0 }],
          actions: [{ type: 'require_media', item_id: 'a' }],
        },
      ]),
    ),
  );
  return unwrap(
    setRuleSet(
      withA,
      'b',
      ruleSet('rs-b', [
        {
          uuid: 'r3',
          logic: 'and',
          conditions: [{ item_id: 'b', operator: 'equals', value: 2 }],
          actions: [{ type: 'require_note', item_id: 'shown' }],
        },
      ]),
    ),
  );
}

describe('dependenciesOf', () => {
  it('lists the items reading an item, with the kinds of link and the rule actions, and leaves out its links to itself', () => {
    expect(dependenciesOf(linked(), 'a')).toEqual([
      { direction: 'used_by', id: 'calc', from: 'a', to: 'calc', kinds: ['calculation'], actions: [] },
      { direction: 'used_by', id: 'shown', from: 'a', to: 'shown', kinds: ['rule'], actions: ['set_hidden', 'required'] },
    ]);
  });

  it('lists the items an item reads, in document order', () => {
    expect(dependenciesOf(linked(), 'shown')).toEqual([
      { direction: 'uses', id: 'a', from: 'a', to: 'shown', kinds: ['rule'], actions: ['set_hidden', 'required'] },
      { direction: 'uses', id: 'b', from: 'b', to: 'shown', kinds: ['rule'], actions: ['require_note'] },
    ]);
    expect(dependenciesOf(linked(), 'docid')).toEqual([
      { direction: 'uses', id: 'site', from: 'site', to: 'docid', kinds: ['document_id'], actions: [] },
    ]);
    expect(dependenciesOf(linked(), 'b').map((entry) => `${entry.direction}:${entry.id}`)).toEqual(['used_by:calc', 'used_by:shown']);
  });

  it('is empty for an item without links, and for an unknown id', () => {
    expect(dependenciesOf(linked(), 'free')).toEqual([]);
    expect(dependenciesOf(linked(), 'nope')).toEqual([]);
  });

  it('names the links that unlinkItems removes, after which a refused move goes through', () => {
    const doc = linked();
    expect(moveItems(doc, ['shown'], { parent_id: 'p1', index: 1 })).toMatchObject({ ok: false, code: 'CKL_MOVE_DEPENDENCY_CONFLICT' });
    const [viaA] = dependenciesOf(doc, 'shown');
    const unlinked = unlinkItems(doc, viaA.from, viaA.to);
    expect(dependenciesOf(unlinked, 'shown').map((entry) => entry.id)).toEqual(['b']);
    expect(dependenciesOf(unlinked, 'a').map((entry) => entry.id)).toEqual(['calc']);
    // The rule acting on `a` itself stays.
    expect(unlinked.rule_sets.find((set) => set.uuid === 'rs-a')!.rules.map((rule) => rule.uuid)).toEqual(['r2']);
    expect(moveItems(unlinked, ['shown'], { parent_id: 'p1', index: 1 })).toMatchObject({
      ok: false,
      data: { links: [{ from: 'b', to: 'shown' }] },
    });
    const [viaB] = dependenciesOf(unlinked, 'shown');
    const free = unlinkItems(unlinked, viaB.from, viaB.to);
    expect(dependenciesOf(free, 'shown')).toEqual([]);
    expect(moveItems(free, ['shown'], { parent_id: 'p1', index: 1 }).ok).toBe(true);
  });
});

describe('changeWithoutConflictingLinks', () => {
  it('removes every link a refused move breaks, also those the first removal reveals, and applies the move', () => {
    const doc = linked();
    const move = (d: TemplateDocument) => moveItems(d, ['shown'], { parent_id: 'p1', index: 0 });
    expect(conflictingLinksOf(move(doc)).length).toBeGreaterThan(0);
    const result = changeWithoutConflictingLinks(doc, move);
    if (!result.ok) throw new Error(result.code);
    expect(result.value.removed.map((link) => `${link.kind}:${link.from}>${link.to}`).sort()).toEqual(['rule:a>shown', 'rule:b>shown']);
    expect(result.value.document.items.filter((item) => item.parent_id === 'p1').map((item) => item.id)).toEqual([
      'shown',
      'a',
      'b',
      'calc',
      'free',
    ]);
    expect(dependenciesOf(result.value.document, 'shown')).toEqual([]);
    // The links the move did not break stay.
    expect(dependenciesOf(result.value.document, 'a').map((entry) => entry.id)).toEqual(['calc']);
  });

  it('applies a change that breaks nothing as it is, and passes any other refusal through', () => {
    const doc = linked();
    const fine = changeWithoutConflictingLinks(doc, (d) => moveItems(d, ['free'], { parent_id: 'p1', index: 0 }));
    expect(fine).toMatchObject({ ok: true, value: { removed: [] } });
    const refused = changeWithoutConflictingLinks(doc, (d) => moveItems(d, ['free'], { parent_id: 'nope' }));
    expect(refused).toMatchObject({ ok: false });
    expect(conflictingLinksOf(refused)).toEqual([]);
  });
});
