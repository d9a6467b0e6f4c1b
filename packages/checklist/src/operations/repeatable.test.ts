import { describe, expect, it } from 'vitest';
import { findNestingViolations } from '../context.ts';
import { buildDocument } from '../fixtures/build.ts';
import type { TemplateDocument } from '../schema.ts';
import { findStructureError } from '../tree.ts';
import { fixAllDeprecated, fixDeprecatedItem } from './fix.ts';
import { copyItems, pasteItems } from './clipboard.ts';
import {
  repeatableItems,
  repeatableRefusal,
  setGroupedOptions,
  setRepeatable,
  unwrapRepeatables,
  wrapRepeatables,
  wrapperIdOf,
} from './repeatable.ts';
import { setRuleSet } from './rule-sets.ts';
import { sequentialIds } from './shared.ts';

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}
const NESTING =
  "A section with 'Grouped options' or 'Repeatable' is not allowed to its descendants or ancestors containing 'Grouped options' or 'Repeatable'.";

const doc = buildDocument(
  [
    {
      id: 'p1',
      type: 'page',
      children: [
        {
          id: 'outer',
          type: 'section',
          children: [
            { id: 'inner', type: 'section', children: [{ id: 'q', type: 'number' }] },
            { id: 'photo', type: 'photo' },
          ],
        },
        { id: 'ack', type: 'acknowledgment' },
      ],
    },
  ],
  {
    grouped_items: [
      { uuid: 'g-custom', type: 'custom', items: [], flat_items: [] },
      { uuid: 'g-other', type: 'response_set', items: [], flat_items: [] },
    ],
  },
);

describe('repeatable and grouped options: the nesting rule', () => {
  it('makes an item repeatable with its settings', () => {
    const result = unwrap(setRepeatable(doc, 'inner', true, { min: 1, max: 3 }));
    expect(result.items.find((item) => item.id === 'inner')!.options).toMatchObject({
      repeatable: true,
      repeatable_settings: { min: 1, max: 3 },
    });
    expect(repeatableItems(result).map((item) => item.id)).toEqual(['inner']);
    const off = unwrap(setRepeatable(result, 'inner', false));
    expect(off.items.find((item) => item.id === 'inner')!.options).toMatchObject({ repeatable: false, repeatable_settings: null });
  });

  it('refuses types that cannot repeat', () => {
    expect(setRepeatable(doc, 'ack', true)).toMatchObject({ ok: false, code: 'CKL_REPEATABLE_NOT_ALLOWED' });
    expect(repeatableRefusal(doc, 'zz')).toMatchObject({ code: 'CKL_ITEM_NOT_FOUND' });
  });

  it('refuses a repeatable under or above another repeatable, with the spec message', () => {
    const outer = unwrap(setRepeatable(doc, 'outer', true));
    expect(setRepeatable(outer, 'inner', true)).toMatchObject({ ok: false, code: 'CKL_NESTING_NOT_ALLOWED', message: NESTING });
    expect(setRepeatable(outer, 'photo', true)).toMatchObject({ ok: false, code: 'CKL_NESTING_NOT_ALLOWED' });
    const photo = unwrap(setRepeatable(doc, 'photo', true));
    expect(setRepeatable(photo, 'outer', true)).toMatchObject({ ok: false, message: NESTING });
    expect(repeatableRefusal(photo, 'inner')).toBeNull();
  });

  it('counts grouped options only of the custom type', () => {
    const grouped = unwrap(setGroupedOptions(doc, 'outer', { uuid: 'g-custom', type: 'custom', items: [], flat_items: [] }));
    expect(grouped.items.find((item) => item.id === 'outer')!.options.grouped_item_id).toBe('g-custom');
    expect(setRepeatable(grouped, 'inner', true)).toMatchObject({ ok: false, code: 'CKL_NESTING_NOT_ALLOWED' });
    expect(repeatableRefusal(grouped, 'inner', 'grouped')).toMatchObject({ code: 'CKL_NESTING_NOT_ALLOWED' });
    expect(setGroupedOptions(grouped, 'inner', { uuid: 'g2', type: 'custom', items: [], flat_items: [] })).toMatchObject({
      ok: false,
      message: NESTING,
    });
    const other = unwrap(setGroupedOptions(doc, 'outer', { uuid: 'g-other', type: 'response_set', items: [], flat_items: [] }));
    expect(setRepeatable(other, 'inner', true).ok).toBe(true);
    expect(setGroupedOptions(doc, 'q', null)).toMatchObject({ ok: false, code: 'CKL_OPTION_INVALID' });
    expect(repeatableRefusal(doc, 'q', 'grouped')).toMatchObject({ code: 'CKL_OPTION_INVALID' });
    expect(setGroupedOptions(doc, 'zz', null)).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });

  it('removes grouped options and their group when no longer used', () => {
    const grouped = unwrap(setGroupedOptions(doc, 'outer', { uuid: 'g-new', type: 'custom', items: [], flat_items: [] }));
    const removed = unwrap(setGroupedOptions(grouped, 'outer', null));
    expect(removed.grouped_items.map((group) => group.uuid)).toEqual(['g-custom', 'g-other']);
    expect(removed.items.find((item) => item.id === 'outer')!.options.grouped_item_id).toBe('');
  });

  it('finds existing violations', () => {
    const bad: TemplateDocument = {
      ...doc,
      items: doc.items.map((item) =>
        item.id === 'outer' || item.id === 'q' ? { ...item, options: { ...item.options, repeatable: true } } : item,
      ),
    };
    expect(findNestingViolations(bad.items, bad.grouped_items)).toEqual(['q']);
  });
});

describe('repeating-group wrappers (saving and loading)', () => {
  const repeating = unwrap(setRepeatable(unwrap(setRepeatable(doc, 'inner', true, { min: 1, max: null })), 'ack', false));

  it('wraps a repeatable item in a repeating group for saving, and unwraps it when loading', () => {
    const saved = wrapRepeatables(repeating);
    const wrapper = saved.items.find((item) => item.type === 'repeating_group')!;
    expect(wrapper).toMatchObject({
      id: wrapperIdOf('inner'),
      parent_id: 'outer',
      depth: 2,
      options: { repeatable_settings: { min: 1, max: null } },
    });
    expect(saved.items.find((item) => item.id === 'inner')).toMatchObject({
      parent_id: wrapper.id,
      depth: 3,
      options: { repeatable: false },
    });
    expect(saved.items.find((item) => item.id === 'q')).toMatchObject({ parent_id: 'inner', depth: 4 });
    expect(findStructureError(saved.items)).toBeNull();
    expect(findNestingViolations(saved.items, saved.grouped_items)).toEqual([]);
    expect(unwrapRepeatables(saved).items).toEqual(repeating.items);
  });

  it('leaves documents without repeatables and legacy groups of several items alone', () => {
    expect(unwrapRepeatables(doc)).toBe(doc);
    const legacy = buildDocument([
      {
        id: 'p',
        type: 'page',
        children: [
          {
            id: 'rg',
            type: 'repeating_group',
            children: [
              { id: 'a', type: 'number' },
              { id: 'b', type: 'number' },
            ],
          },
        ],
      },
    ]);
    expect(unwrapRepeatables(legacy)).toBe(legacy);
  });
});

describe('copy and paste', () => {
  const source = unwrap(
    setRuleSet(
      buildDocument([
        {
          id: 'p1',
          type: 'page',
          children: [
            { id: 'outside', type: 'number' },
            {
              id: 's',
              type: 'section',
              children: [
                { id: 'a', type: 'number' },
                {
                  id: 'calc',
                  type: 'calculation',
                  options: {
                    calculations: {
                      value: 'x + y',
                      items: [
                        { key: 'x', item_id: 'a' },
                        { key: 'y', item_id: 'outside' },
                      ],
                    },
                  },
                },
                { id: 't', type: 'textAnswer' },
              ],
            },
          ],
        },
        { id: 'p2', type: 'page', children: [{ id: 'first', type: 'number' }] },
      ]),
      'a',
      {
        uuid: 'rs',
        has_visibility: false,
        related_items: [],
        action_items: [],
        rules: [
          {
            uuid: 'r',
            logic: 'and',
            conditions: [{ item_id: 'a', operator: 'greater', value: 1 }],
            actions: [{ type: 'required', item_id: 't' }],
          },
        ],
      },
    ),
  );

  it('copies subtrees with the rule sets and response sets they use', () => {
    const clipboard = copyItems(source, ['s', 'a', 'p1']);
    expect(clipboard.items.map((item) => `${item.id}/${item.depth}/${item.parent_id}`)).toEqual(['s/0/null', 'a/1/s', 'calc/1/s', 't/1/s']);
    expect(clipboard.rule_sets.map((set) => set.uuid)).toEqual(['rs']);
  });

  it('pastes with new ids, links among copies following the copies', () => {
    const clipboard = copyItems(source, ['s']);
    const { document, ids } = unwrap(pasteItems(source, clipboard, { parent_id: 'p2' }, sequentialIds('c')));
    expect(ids).toEqual(['c-1']);
    const pasted = document.items.slice(document.items.findIndex((item) => item.id === 'c-1'));
    expect(pasted.slice(0, 4).map((item) => `${item.id}/${item.depth}/${item.parent_id}`)).toEqual([
      'c-1/1/p2',
      'c-2/2/c-1',
      'c-3/2/c-1',
      'c-4/2/c-1',
    ]);
    expect(pasted[2].options.calculations!.items).toEqual([
      { key: 'x', item_id: 'c-2' },
      { key: 'y', item_id: 'outside' },
    ]);
    const pastedRuleSet = document.rule_sets.find((set) => set.uuid === pasted[1].options.rule_set_id)!;
    expect(pastedRuleSet.rules[0].conditions[0].item_id).toBe('c-2');
    expect(pastedRuleSet.rules[0].actions[0].item_id).toBe('c-4');
    expect(document.rule_sets).toHaveLength(2);
  });

  it('drops the rule set of pasted items whose rules have errors', () => {
    const clipboard = copyItems(source, ['a']);
    // Pasted alone, the rule acts on `t`, which is now before the pasted question.
    const result = pasteItems(source, clipboard, { parent_id: 'p2' }, sequentialIds('c'));
    expect(result).toMatchObject({
      ok: true,
      warnings: [{ code: 'CKL_PASTE_RULES_DROPPED', params: { count: 1 }, data: { item_ids: ['c-1'] } }],
    });
    if (!result.ok) return;
    expect(result.value.document.items.find((item) => item.id === 'c-1')!.options.rule_set_id).toBe('');
    expect(result.value.document.rule_sets).toHaveLength(1);
  });

  it('warns about calculations with errors and unbinds variables that would read later items', () => {
    const clipboard = copyItems(source, ['calc']);
    const result = pasteItems(source, clipboard, { parent_id: 'p1', index: 0 }, sequentialIds('c'));
    expect(result).toMatchObject({ ok: true, warnings: [{ code: 'CKL_PASTE_CALCULATION_ERRORS', params: { count: 1 } }] });
    if (!result.ok) return;
    expect(result.value.document.items.find((item) => item.id === 'c-1')!.options.calculations!.items).toEqual([]);
  });

  it('refuses pasting where the items are not allowed', () => {
    const withAsset = buildDocument([
      { id: 'start', type: 'start_page', children: [{ id: 'asset', type: 'asset' }] },
      { id: 'p', type: 'page' },
    ]);
    const clipboard = copyItems(withAsset, ['asset']);
    expect(pasteItems(withAsset, clipboard, { parent_id: 'p' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    expect(pasteItems(withAsset, clipboard, { parent_id: 'start' })).toMatchObject({ ok: false, code: 'CKL_ITEM_DUPLICATED_IN_PAGE' });
    expect(pasteItems(withAsset, clipboard, { parent_id: 'asset' })).toMatchObject({ ok: false, code: 'CKL_NO_PARENT_ITEM' });
    expect(pasteItems(withAsset, { items: [], rule_sets: [], responses: [], grouped_items: [] }, { parent_id: 'p' })).toMatchObject({
      ok: true,
    });
  });
});

describe('fixing deprecated types', () => {
  const old = buildDocument([
    {
      id: 'start',
      type: 'start_page',
      children: [
        { id: 'num', type: 'inspection_number', options: { required: true } },
        { id: 'site', type: 'site' },
      ],
    },
    {
      id: 'p',
      type: 'page',
      children: [
        { id: 'ds', type: 'dataset', options: { global_list_uuid: 'gl', global_list_id: 4 } },
        { id: 'sp', type: 'spare_parts' },
        { id: 'ic', type: 'issues_count', options: { scope: 'page', categories: [1] } },
        {
          id: 'rg',
          type: 'repeating_group',
          options: { repeatable_settings: { min: 2 } },
          children: [
            { id: 'x', type: 'number' },
            { id: 'y', type: 'number' },
          ],
        },
      ],
    },
    { id: 'end', type: 'end_page', children: [{ id: 'es', type: 'end_signature' }] },
  ]);

  it.each([
    ['num', 'document_id', { required: true, format: '#{number}' }],
    ['site', 'asset', {}],
    ['ds', 'global_list', { global_list_uuid: 'gl', global_list_id: 4, separator: '/' }],
    ['sp', 'global_list', {}],
    ['ic', 'counter', { scope: 'page', type: 'yesno' }],
    ['rg', 'section', { repeatable: true, repeatable_settings: { min: 2 } }],
    ['es', 'signature', {}],
  ] as const)('fixes %s into %s', (id, type, options) => {
    const fixed = unwrap(fixDeprecatedItem(old, id));
    expect(fixed.items.find((item) => item.id === id)).toMatchObject({ type, options });
  });

  it('refuses a fix that breaks a page rule, and non-deprecated types', () => {
    const withAsset = buildDocument([
      {
        id: 'start',
        type: 'start_page',
        children: [
          { id: 'asset', type: 'asset' },
          { id: 'site', type: 'site' },
        ],
      },
    ]);
    expect(fixDeprecatedItem(withAsset, 'site')).toMatchObject({ ok: false, code: 'CKL_ITEM_DUPLICATED_IN_PAGE' });
    expect(fixDeprecatedItem(old, 'x')).toMatchObject({ ok: false, code: 'CKL_TYPE_NOT_SUPPORTED' });
    expect(fixDeprecatedItem(old, 'zz')).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });

  it('fixes all it can and lists the rest', () => {
    const { document, fixed, refused } = fixAllDeprecated(old);
    expect(fixed).toEqual(['num', 'site', 'ds', 'sp', 'ic', 'rg', 'es']);
    expect(refused).toEqual([]);
    expect(document.items.map((item) => item.type)).not.toContain('dataset');
  });
});
