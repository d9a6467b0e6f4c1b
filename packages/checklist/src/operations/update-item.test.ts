/**
 * `updateItem`'s two paths: a title or content-option edit shares the rest of the document and skips
 * the whole-document check; anything that could touch structure or links is checked in full.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import { generateLargeDocument } from '../fixtures/large-document.ts';
import type { Item, ItemOptions, TemplateDocument } from '../schema.ts';
import { updateItem } from './items.ts';
import { checkChange, finalize } from './shared.ts';

/** What `updateItem` did for every change before the cheap path: finalize and compare with the document before. */
function checkedUpdate(doc: TemplateDocument, id: string, patch: { title?: string; options?: Partial<ItemOptions> }) {
  const index = doc.items.findIndex((item) => item.id === id);
  const item = doc.items[index];
  const items = [...doc.items];
  items[index] = { ...item, ...(patch.title === undefined ? {} : { title: patch.title }), options: { ...item.options, ...patch.options } };
  const next = finalize({ ...doc, items });
  return { next, refusal: checkChange(doc, next) };
}

function unwrap(result: ReturnType<typeof updateItem>): TemplateDocument {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}

const large = generateLargeDocument({ questions: 300, rules: 100, calculations: 10, pages: 5 });
const editable = large.items.filter((item) => item.type !== 'inspection_real_start_date' && item.type !== 'inspection_real_end_date');

describe('updateItem: title and content options', () => {
  it('gives the same document as the full check for any sequence of title edits', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat(), title: fc.string({ maxLength: 120 }) }), { minLength: 1, maxLength: 8 }), (edits) => {
        let doc = large;
        for (const { at, title } of edits) {
          const id = editable[at % editable.length].id;
          const full = checkedUpdate(doc, id, { title });
          expect(full.refusal).toBeNull();
          const next = unwrap(updateItem(doc, id, { title }));
          expect(next).toEqual(full.next);
          doc = next;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same document as the full check for content options of questions', () => {
    const questions = large.items.filter((item) => item.depth > 0 && item.type !== 'section' && !item.type.startsWith('inspection_real'));
    fc.assert(
      fc.property(
        fc.nat(),
        fc.record(
          { required: fc.boolean(), hidden: fc.boolean(), default_value: fc.option(fc.string({ maxLength: 20 })) },
          { requiredKeys: [] },
        ),
        (at, options) => {
          const id = questions[at % questions.length].id;
          const full = checkedUpdate(large, id, { options });
          expect(full.refusal).toBeNull();
          expect(unwrap(updateItem(large, id, { options }))).toEqual(full.next);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('copies only the items array and the edited item', () => {
    const index = editable.length >> 1;
    const edited = large.items.indexOf(editable[index]);
    const next = unwrap(updateItem(large, editable[index].id, { title: 'Forklift mast checked' }));
    expect(next.items).not.toBe(large.items);
    expect(next.items[edited]).toMatchObject({ title: 'Forklift mast checked' });
    expect(next.items[edited].options).toBe(large.items[edited].options);
    expect(next.items.filter((item, i) => item !== large.items[i])).toHaveLength(1);
    expect(next.rule_sets).toBe(large.rule_sets);
    expect(next.relations).toBe(large.relations);
    expect(next.responses).toBe(large.responses);
  });

  it('still refuses what the full path refuses: unknown items and options on the hidden page dates', () => {
    expect(updateItem(large, 'missing', { title: 'x' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
    const end = large.items.find((item) => item.type === 'inspection_real_end_date')!;
    expect(updateItem(large, end.id, { options: { required: false } })).toMatchObject({ ok: false, code: 'CKL_PAGE_FIXED' });
  });
});

describe('updateItem: changes that can touch structure or links are checked in full', () => {
  const doc = buildDocument([
    {
      id: 'p1',
      type: 'page',
      children: [
        { id: 'calc', type: 'calculation' },
        { id: 'n1', type: 'number' },
        { id: 'rep', type: 'section', options: { repeatable: true }, children: [{ id: 'inner', type: 'section' }] },
      ],
    },
  ]);
  const calculations = (itemId: string): Partial<ItemOptions> => ({
    calculations: { value: 'a + 1', items: [{ key: 'a', item_id: itemId }] },
  });

  it('refuses a calculation reading a later item and recomputes the relations for an earlier one', () => {
    expect(updateItem(doc, 'calc', { options: calculations('n1') })).toMatchObject({ ok: false, code: 'CKL_MOVE_DEPENDENCY_CONFLICT' });
    const moved = buildDocument([
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'n1', type: 'number' },
          { id: 'calc', type: 'calculation' },
        ],
      },
    ]);
    const next = unwrap(updateItem(moved, 'calc', { options: calculations('n1') }));
    expect(next.relations['n1'].outside).toEqual([expect.objectContaining({ item_id: 'calc', calculation: true })]);
    expect(next.relations).not.toBe(moved.relations);
  });

  it('refuses a repeatable section inside a repeatable one (nesting)', () => {
    expect(updateItem(doc, 'inner', { options: { repeatable: true } })).toMatchObject({ ok: false, code: 'CKL_NESTING_NOT_ALLOWED' });
  });

  it('runs the full check when a title edit comes with a structural option', () => {
    const result = updateItem(doc, 'inner', { title: 'Inner', options: { repeatable: true } });
    expect(result).toMatchObject({ ok: false, code: 'CKL_NESTING_NOT_ALLOWED' });
  });

  it('re-derives rule sets and relations on any option outside the content list', () => {
    const item: Item = large.items.find((entry) => entry.type === 'textAnswer')!;
    const next = unwrap(updateItem(large, item.id, { options: { info_id: '' } }));
    expect(next.rule_sets).not.toBe(large.rule_sets);
    expect(next).toEqual(checkedUpdate(large, item.id, { options: { info_id: '' } }).next);
  });
});
