import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import type { RuleSet, TemplateDocument } from '../schema.ts';
import { findStructureError } from '../tree.ts';
import { validateStructure } from '../validation/validate-document.ts';
import { addItem, canAddItem, deleteItems, moveItems, planDeletion, toggleItemOption, unlinkItems, updateItem } from './items.ts';
import { setRuleSet } from './rule-sets.ts';
import { sequentialIds } from './shared.ts';

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}
const ids = (doc: TemplateDocument) => doc.items.map((item) => item.id);
const shape = (doc: TemplateDocument) => doc.items.map((item) => `${item.id}/${item.depth}/${item.parent_id ?? '-'}`);

const doc = buildDocument([
  { id: 'start', type: 'start_page', children: [{ id: 'asset', type: 'asset' }] },
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'q1', type: 'number' },
      {
        id: 's1',
        type: 'section',
        options: {},
        children: [
          { id: 'q2', type: 'textAnswer' },
          { id: 's2', type: 'section', children: [{ id: 'q3', type: 'yesno' }] },
        ],
      },
      { id: 'q4', type: 'textAnswer' },
    ],
  },
  { id: 'p2', type: 'page', children: [{ id: 'q5', type: 'number' }] },
  { id: 'end', type: 'end_page', children: [{ id: 'sig', type: 'signature' }] },
]);

describe('addItem', () => {
  it('adds an item with its type defaults under a page or section, at an index or last', () => {
    const { document, id } = unwrap(addItem(doc, { type: 'slider', parent_id: 's1', index: 1, title: 'Pressure' }, sequentialIds('n')));
    expect(id).toBe('n-1');
    expect(ids(document).slice(4, 9)).toEqual(['s1', 'q2', 'n-1', 's2', 'q3']);
    expect(document.items[6]).toMatchObject({
      type: 'slider',
      title: 'Pressure',
      depth: 2,
      parent_id: 's1',
      options: { min: 0, max: 10, step: 1 },
    });
    const last = unwrap(addItem(doc, { type: 'number', parent_id: 'p1' }, sequentialIds('m'))).document;
    expect(ids(last)[ids(last).indexOf('q4') + 1]).toBe('m-1');
    expect(findStructureError(last.items)).toBeNull();
  });

  it('refuses a missing or non-container parent with "No parent item"', () => {
    expect(addItem(doc, { type: 'number', parent_id: 'q1' })).toMatchObject({
      ok: false,
      code: 'CKL_NO_PARENT_ITEM',
      message: 'No parent item',
    });
    expect(addItem(doc, { type: 'number', parent_id: 'nope' })).toMatchObject({ ok: false, code: 'CKL_NO_PARENT_ITEM' });
    expect(addItem(doc, { type: 'page', parent_id: 'p1' })).toMatchObject({ ok: false, code: 'CKL_INVALID_TARGET' });
  });

  it('refuses items a page excludes with "Item not allowed in the page"', () => {
    expect(addItem(doc, { type: 'asset', parent_id: 'p1' })).toMatchObject({
      ok: false,
      code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE',
      message: 'Item not allowed in the page',
    });
    expect(addItem(doc, { type: 'person', parent_id: 's2' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    expect(addItem(doc, { type: 'url', parent_id: 'start' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    expect(addItem(doc, { type: 'document_id', parent_id: 'end' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    expect(addItem(doc, { type: 'number', parent_id: 'hidden-1' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    expect(addItem(doc, { type: 'person', parent_id: 'start' }).ok).toBe(true);
    expect(addItem(doc, { type: 'inspection_end_date', parent_id: 'end' }).ok).toBe(true);
  });

  it('refuses a second once-per-page type with "Item cannot be duplicated in the page"', () => {
    expect(addItem(doc, { type: 'asset', parent_id: 'start' })).toMatchObject({
      ok: false,
      code: 'CKL_ITEM_DUPLICATED_IN_PAGE',
      message: 'Item cannot be duplicated in the page',
    });
    const first = unwrap(addItem(doc, { type: 'inspection_end_date', parent_id: 'end' })).document;
    expect(addItem(first, { type: 'inspection_end_date', parent_id: 'end' })).toMatchObject({
      ok: false,
      code: 'CKL_ITEM_DUPLICATED_IN_PAGE',
    });
  });

  it('refuses a repeatable item of a type that cannot repeat, or nested in a repeatable', () => {
    expect(addItem(doc, { type: 'instruction', parent_id: 'p1', options: { repeatable: true } })).toMatchObject({
      ok: false,
      code: 'CKL_REPEATABLE_NOT_ALLOWED',
    });
    const repeating = unwrap(updateItem(doc, 's1', { options: { repeatable: true } }));
    expect(addItem(repeating, { type: 'number', parent_id: 's2', options: { repeatable: true } })).toMatchObject({
      ok: false,
      code: 'CKL_NESTING_NOT_ALLOWED',
    });
    expect(addItem(repeating, { type: 'number', parent_id: 's2' }).ok).toBe(true);
  });

  it('tells the types panel what it may add', () => {
    expect(canAddItem(doc, 'asset', 'start')).toBe(false);
    expect(canAddItem(doc, 'asset', 'p1')).toBe(false);
    expect(canAddItem(doc, 'document_id', 'start')).toBe(true);
    expect(canAddItem(doc, 'number', 's2')).toBe(true);
    expect(canAddItem(doc, 'signature', 'p1')).toBe(true);
    expect(canAddItem(doc, 'inspection_end_date', 'end')).toBe(true);
    expect(canAddItem(doc, 'inspection_end_date', 'p2')).toBe(false);
    expect(canAddItem(doc, 'number', 'missing')).toBe(false);
  });
});

describe('moveItems', () => {
  it('moves an item within its page and keeps depth and parent consistent', () => {
    const moved = unwrap(moveItems(doc, ['q4'], { parent_id: 's2', index: 0 }));
    expect(shape(moved).slice(4, 10)).toEqual(['s1/1/p1', 'q2/2/s1', 's2/2/s1', 'q4/3/s2', 'q3/3/s2', 'p2/0/-']);
    expect(findStructureError(moved.items)).toBeNull();
  });

  it('moves a (collapsed) section with its descendants, to another page', () => {
    const collapsed = { ...doc, items: doc.items.map((item) => (item.id === 's1' ? { ...item, collapsed: true } : item)) };
    const moved = unwrap(moveItems(collapsed, ['s1'], { parent_id: 'p2' }));
    expect(shape(moved).slice(2, 10)).toEqual(['p1/0/-', 'q1/1/p1', 'q4/1/p1', 'p2/0/-', 'q5/1/p2', 's1/1/p2', 'q2/2/s1', 's2/2/s1']);
    expect(moved.items.find((item) => item.id === 'q3')).toMatchObject({ depth: 3, parent_id: 's2' });
    expect(moved.items.find((item) => item.id === 's1')!.collapsed).toBe(true);
  });

  it('moves several selected items together, ignoring those inside a selected section', () => {
    const moved = unwrap(moveItems(doc, ['q4', 'q2', 's1'], { parent_id: 'p2', index: 0 }));
    expect(ids(moved).slice(ids(moved).indexOf('p2'), ids(moved).indexOf('p2') + 7)).toEqual(['p2', 's1', 'q2', 's2', 'q3', 'q4', 'q5']);
    expect(findStructureError(moved.items)).toBeNull();
  });

  it('never moves items across the start or end page', () => {
    expect(moveItems(doc, ['q1'], { parent_id: 'start' })).toMatchObject({ ok: false, code: 'CKL_MOVE_ACROSS_FIXED_PAGE' });
    expect(moveItems(doc, ['sig'], { parent_id: 'p2' })).toMatchObject({ ok: false, code: 'CKL_MOVE_ACROSS_FIXED_PAGE' });
    expect(moveItems(doc, ['asset'], { parent_id: 'end' })).toMatchObject({ ok: false, code: 'CKL_MOVE_ACROSS_FIXED_PAGE' });
    expect(moveItems(doc, ['hidden-2'], { parent_id: 'p1' })).toMatchObject({ ok: false, code: 'CKL_MOVE_ACROSS_FIXED_PAGE' });
  });

  it('refuses impossible targets', () => {
    expect(moveItems(doc, ['s1'], { parent_id: 's2' })).toMatchObject({ ok: false, code: 'CKL_INVALID_TARGET' });
    expect(moveItems(doc, ['q1'], { parent_id: 'q4' })).toMatchObject({ ok: false, code: 'CKL_INVALID_TARGET' });
    expect(moveItems(doc, ['p1'], { parent_id: 'p2' })).toMatchObject({ ok: false, code: 'CKL_INVALID_TARGET' });
    expect(moveItems(doc, ['zz'], { parent_id: 'p2' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
    expect(moveItems(doc, [], { parent_id: 'p2' })).toMatchObject({ ok: true });
  });

  it('refuses moves that break the nesting rule', () => {
    const repeating = unwrap(
      updateItem(unwrap(updateItem(doc, 's2', { options: { repeatable: true } })), 'q1', { options: { repeatable: true } }),
    );
    const refused = moveItems(repeating, ['q1'], { parent_id: 's2' });
    expect(refused).toMatchObject({
      ok: false,
      code: 'CKL_NESTING_NOT_ALLOWED',
      message:
        "A section with 'Grouped options' or 'Repeatable' is not allowed to its descendants or ancestors containing 'Grouped options' or 'Repeatable'.",
    });
  });

  describe('linked items', () => {
    const linked = unwrap(
      setRuleSet(
        buildDocument([
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
        ]),
        'a',
        {
          uuid: 'rs',
          has_visibility: true,
          related_items: [],
          action_items: [],
          rules: [
            {
              uuid: 'r',
              logic: 'and',
              conditions: [{ item_id: 'a', operator: 'greater', value: 1 }],
              actions: [{ type: 'set_hidden', item_id: 'shown', value: false }],
            },
          ],
        },
      ),
    );

    it('refuses putting an item before what it reads, or what reads it before it', () => {
      expect(moveItems(linked, ['calc'], { parent_id: 'p1', index: 0 })).toMatchObject({
        ok: false,
        code: 'CKL_MOVE_DEPENDENCY_CONFLICT',
        data: {
          links: [
            { kind: 'calculation', from: 'a', to: 'calc' },
            { kind: 'calculation', from: 'b', to: 'calc' },
          ],
        },
      });
      expect(moveItems(linked, ['b'], { parent_id: 'p1' })).toMatchObject({ ok: false, code: 'CKL_MOVE_DEPENDENCY_CONFLICT' });
      expect(moveItems(linked, ['shown'], { parent_id: 'p1', index: 0 })).toMatchObject({
        ok: false,
        data: { links: [{ kind: 'rule', from: 'a', to: 'shown' }] },
      });
      expect(moveItems(linked, ['free'], { parent_id: 'p1', index: 0 }).ok).toBe(true);
      expect(moveItems(linked, ['b'], { parent_id: 'p1', index: 0 }).ok).toBe(true);
    });

    it('warns before deleting linked items and lists them', () => {
      expect(planDeletion(linked, ['a'])).toEqual([
        { id: 'calc', title: 'calc', kinds: ['calculation'] },
        { id: 'shown', title: 'shown', kinds: ['rule'] },
      ]);
      expect(planDeletion(linked, ['free'])).toEqual([]);
      const result = deleteItems(linked, ['a']);
      expect(result).toMatchObject({
        ok: true,
        warnings: [{ code: 'CKL_DELETE_HAS_LINKS', data: { items: [{ id: 'calc' }, { id: 'shown' }] } }],
      });
      if (!result.ok) return;
      expect(ids(result.value)).not.toContain('a');
      expect(result.value.items.find((item) => item.id === 'calc')!.options.calculations!.items).toEqual([{ key: 'y', item_id: 'b' }]);
      expect(result.value.rule_sets).toEqual([]);
      expect(result.value.relations.shown).toBeUndefined();
    });

    it('removes a link on request so that the move can go on', () => {
      const unlinked = unlinkItems(linked, 'a', 'calc');
      expect(unlinked.items.find((item) => item.id === 'calc')!.options.calculations!.items).toEqual([{ key: 'y', item_id: 'b' }]);
      expect(moveItems(unlinked, ['a'], { parent_id: 'p1' })).toMatchObject({ ok: false, data: { links: [{ kind: 'rule' }] } });
      const both = unlinkItems(unlinked, 'a', 'shown');
      expect(both.rule_sets).toEqual([]);
      expect(both.items.find((item) => item.id === 'a')!.options.rule_set_id).toBe('');
      expect(moveItems(both, ['a'], { parent_id: 'p1' }).ok).toBe(true);
    });
  });
});

describe('deleteItems', () => {
  it('deletes items with their descendants and keeps the hidden page', () => {
    const result = unwrap(deleteItems(doc, ['s1', 'q2']));
    expect(ids(result)).not.toContain('q3');
    expect(validateStructure(result)).toEqual([]);
    expect(deleteItems(doc, ['hidden-1'])).toMatchObject({ ok: false, code: 'CKL_PAGE_FIXED' });
    expect(deleteItems(doc, ['hidden-3'])).toMatchObject({ ok: false, code: 'CKL_PAGE_FIXED' });
    expect(deleteItems(doc, ['zz'])).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
    expect(ids(unwrap(deleteItems(doc, ['p2'])))).not.toContain('q5');
  });

  it('drops the rule sets of deleted items and the rules left without conditions or actions', () => {
    const ruleSet: RuleSet = {
      uuid: 'rs',
      has_visibility: false,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'r1',
          logic: 'and',
          conditions: [{ item_id: 'q1', operator: 'greater', value: 1 }],
          actions: [{ type: 'required', item_id: 'q4' }],
        },
        {
          uuid: 'r2',
          logic: 'and',
          conditions: [{ item_id: 'q1', operator: 'lesser', value: 1 }],
          actions: [{ type: 'required', item_id: 'q2' }],
        },
      ],
    };
    const withRules = unwrap(setRuleSet(doc, 'q1', ruleSet));
    const withoutQ4 = unwrap(deleteItems(withRules, ['q4']));
    expect(withoutQ4.rule_sets[0].rules.map((rule) => rule.uuid)).toEqual(['r2']);
    const withoutQ1 = unwrap(deleteItems(withRules, ['q1']));
    expect(withoutQ1.rule_sets).toEqual([]);
  });
});

describe('toggles', () => {
  it.each(['required', 'require_media', 'hidden', 'exclude_report'] as const)('flips %s', (option) => {
    const once = unwrap(toggleItemOption(doc, 'q1', option));
    expect(once.items.find((item) => item.id === 'q1')!.options[option]).toBe(true);
    const twice = unwrap(toggleItemOption(once, 'q1', option));
    expect(twice.items.find((item) => item.id === 'q1')!.options[option]).toBe(false);
  });

  it('refuses a toggle the type does not have', () => {
    expect(toggleItemOption(doc, 's1', 'require_media')).toMatchObject({
      ok: false,
      code: 'CKL_OPTION_INVALID',
      message: 'Option require_media is not valid',
    });
    expect(toggleItemOption(doc, 'p1', 'required')).toMatchObject({ ok: false, code: 'CKL_OPTION_INVALID' });
    expect(toggleItemOption(doc, 'zz', 'required')).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });
});

describe('updateItem', () => {
  it('changes title and options and re-checks the structure', () => {
    const updated = unwrap(updateItem(doc, 'q1', { title: 'Temperature', options: { min: 1, max: 5 } }));
    expect(updated.items.find((item) => item.id === 'q1')).toMatchObject({
      title: 'Temperature',
      options: { min: 1, max: 5, decimal: null },
    });
    expect(updateItem(doc, 'asset', { options: { repeatable: true } })).toMatchObject({ ok: false, code: 'CKL_REPEATABLE_NOT_ALLOWED' });
    expect(updateItem(doc, 'zz', {})).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });
});
