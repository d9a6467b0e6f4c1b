import { describe, expect, it } from 'vitest';
import { buildDocument } from './fixtures/build.ts';
import { collectLinks, computeRelations, findOrderViolations, findScopeViolations, linksTouching } from './references.ts';
import { AnswerSchema, ItemSchema, TemplateDocumentSchema, answerKey, parseAnswerKey } from './schema.ts';
import { ancestorsOf, findItem, indexDocument, pageTypeAt, pagesOf, subtreeEnd } from './tree.ts';
import { buildContext } from './context.ts';

describe('document schema', () => {
  it('fills the template defaults', () => {
    const doc = TemplateDocumentSchema.parse({});
    expect(doc).toMatchObject({
      title: '',
      is_template: true,
      revision: 0,
      has_draft: true,
      published: false,
      need_merge_request: false,
      items: [],
      responses: [],
      rule_sets: [],
      relations: {},
      options: {
        has_draft: true,
        published: false,
        version_title: null,
        version_id: null,
        language: 'en',
        contains_asset: false,
        global_type: null,
      },
    });
  });

  it('fills item defaults: type number, visible, depth 0', () => {
    expect(ItemSchema.parse({ id: 'a' })).toEqual({
      id: 'a',
      title: '',
      type: 'number',
      options: {},
      parent_id: null,
      base_id: null,
      reference_key: null,
      visible: true,
      depth: 0,
      collapsed: false,
    });
    expect(ItemSchema.safeParse({ id: 'a@b' }).success).toBe(false);
    expect(ItemSchema.safeParse({ id: 'a', type: 'nope' }).success).toBe(false);
  });

  it('keeps unknown option fields', () => {
    expect(ItemSchema.parse({ id: 'a', options: { future_flag: 1 } }).options).toEqual({ future_flag: 1 });
  });

  it('checks the option fields an item has, with their paths and defaults', () => {
    const parsed = ItemSchema.parse({ id: 'c', type: 'calculation', options: { required: true, calculations: { value: 'a' }, min: null } });
    expect(parsed.options).toEqual({ required: true, calculations: { value: 'a', items: [] }, min: null });
    const refused = ItemSchema.safeParse({ id: 'a', options: { decimal: 'two', required: 'yes', items: [{ key: '' }] } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((entry) => entry.path.join('.')).sort()).toEqual([
      'options.decimal',
      'options.items.0.key',
      'options.required',
    ]);
    for (const options of [null, 5, 'x', []])
      expect(ItemSchema.safeParse({ id: 'a', options }).success, JSON.stringify(options)).toBe(false);
  });

  it('keys answers by item and repeat instance', () => {
    expect(answerKey('q1')).toBe('q1');
    expect(answerKey('q1', 'i9')).toBe('q1@i9');
    expect(parseAnswerKey('q1@i9')).toEqual({ itemId: 'q1', instanceId: 'i9' });
    expect(parseAnswerKey('q1')).toEqual({ itemId: 'q1', instanceId: null });
    expect(
      AnswerSchema.parse({ value: 1, note: 'n', media: [{ id: 'm' }], updated_at: 't', updated_by: 'u', device_id: 'd' }),
    ).toMatchObject({ value: 1 });
    expect(AnswerSchema.safeParse({ value: 1, rating: 6 }).success).toBe(false);
  });
});

describe('tree helpers', () => {
  const doc = buildDocument([
    {
      id: 'p',
      type: 'page',
      children: [
        { id: 's', type: 'section', children: [{ id: 'q', type: 'number' }] },
        { id: 'r', type: 'number' },
      ],
    },
  ]);

  it('reads the flat list as a tree', () => {
    expect(subtreeEnd(doc.items, 1)).toBe(3);
    expect(ancestorsOf(doc.items, 2).map((item) => item.id)).toEqual(['s', 'p']);
    expect(pageTypeAt(doc.items, 2)).toBe('page');
    expect(pagesOf(doc).map((item) => item.id)).toEqual(['p', 'hidden-1']);
    expect(findItem(doc, 'r')!.depth).toBe(1);
    const index = indexDocument(doc);
    expect(index.children.get('p')).toEqual(['s', 'r']);
    expect(index.pageOf.get('q')).toBe('p');
    expect(index.position.get('r')).toBe(3);
    expect(buildContext(doc).parentOf.get('q')!.id).toBe('s');
  });
});

describe('links and relations', () => {
  const doc = buildDocument(
    [
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'a', type: 'yesno' },
          { id: 'c', type: 'calculation', options: { calculations: { value: 'x', items: [{ key: 'x', item_id: 'a' }] } } },
        ],
      },
    ],
    {
      rule_sets: [
        {
          uuid: 'rs',
          rules: [
            {
              uuid: 'r',
              conditions: [{ item_id: 'a', operator: 'equals', value: 'no' }],
              actions: [
                { type: 'set_color', item_id: 'a', color: 'red' },
                { type: 'set_hidden', item_id: 'c', value: true },
              ],
            },
          ],
        },
      ],
    },
  );

  it('collects calculation and rule links with their strictness', () => {
    expect(collectLinks(doc).map((link) => `${link.kind}:${link.from}>${link.to}:${link.strict}`)).toEqual([
      'calculation:a>c:true',
      'rule:a>a:false',
      'rule:a>c:true',
    ]);
    const context = buildContext(doc);
    expect(findOrderViolations(collectLinks(doc), context.position)).toEqual([]);
    expect(findScopeViolations(collectLinks(doc), context.scopeOf)).toEqual([]);
    expect(linksTouching(collectLinks(doc), new Set(['c']))).toHaveLength(2);
  });

  it('indexes relations inside and outside, flagged by kind and rule behaviour', () => {
    const relations = computeRelations(doc);
    expect(relations.c.inside).toEqual([{ item_id: 'a', calculation: true, document_id: false, rule_set_behaviour: 'inside' }]);
    expect(relations.a.outside).toEqual([
      { item_id: 'c', calculation: true, document_id: false, rule_set_behaviour: 'outside' },
      { item_id: 'a', calculation: false, document_id: false, rule_set_behaviour: 'inside_outside' },
    ]);
  });
});
