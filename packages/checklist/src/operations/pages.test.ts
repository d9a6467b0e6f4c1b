import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import type { TemplateDocument } from '../schema.ts';
import { validateStructure } from '../validation/validate-document.ts';
import { addPage, createTemplateDocument, ensureHiddenPage, movePage, setPageHidden } from './pages.ts';
import { sequentialIds } from './shared.ts';

const pageTypes = (doc: TemplateDocument) => doc.items.filter((item) => item.depth === 0).map((item) => `${item.type}:${item.id}`);

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.value;
}

describe('createTemplateDocument', () => {
  it('starts with one page and the hidden page with the real start and end dates (end required)', () => {
    const doc = createTemplateDocument({ title: 'Pump check' }, sequentialIds());
    expect(doc.title).toBe('Pump check');
    expect(doc.items.map((item) => [item.type, item.depth, item.parent_id])).toEqual([
      ['page', 0, null],
      ['hidden_page', 0, null],
      ['inspection_real_start_date', 1, 'id-2'],
      ['inspection_real_end_date', 1, 'id-2'],
    ]);
    expect(doc.items[1].options.not_visible).toBe(true);
    expect(doc.items[3].options.required).toBe(true);
    expect(validateStructure(doc)).toEqual([]);
  });

  it('keeps a given document and only completes the hidden page', () => {
    const doc = buildDocument([{ id: 'p', type: 'page' }], { hiddenPage: false });
    expect(validateStructure(doc).map((entry) => entry.code)).toEqual(['CKL_HIDDEN_PAGE_MISSING']);
    const fixed = ensureHiddenPage(doc, sequentialIds('h'));
    expect(pageTypes(fixed)).toEqual(['page:p', 'hidden_page:h-1']);
    expect(ensureHiddenPage(fixed, sequentialIds('again'))).toBe(fixed);
  });

  it('adds a missing end date to an existing hidden page and makes it required', () => {
    const doc = buildDocument(
      [
        { id: 'p', type: 'page' },
        { id: 'h', type: 'hidden_page', children: [{ id: 's', type: 'inspection_real_start_date' }] },
      ],
      { hiddenPage: false },
    );
    const fixed = ensureHiddenPage(doc, sequentialIds('x'));
    expect(fixed.items.map((item) => item.id)).toEqual(['p', 'h', 's', 'x-1']);
    expect(fixed.items[3]).toMatchObject({ type: 'inspection_real_end_date', parent_id: 'h', options: { required: true } });
    const notRequired = buildDocument(
      [
        { id: 'p', type: 'page' },
        {
          id: 'h',
          type: 'hidden_page',
          children: [
            { id: 's', type: 'inspection_real_start_date' },
            { id: 'e', type: 'inspection_real_end_date' },
          ],
        },
      ],
      { hiddenPage: false },
    );
    expect(ensureHiddenPage(notRequired).items[3].options.required).toBe(true);
  });

  it('places the hidden page before the end page', () => {
    const doc = buildDocument(
      [
        { id: 'p', type: 'page' },
        { id: 'end', type: 'end_page' },
      ],
      { hiddenPage: false },
    );
    expect(pageTypes(ensureHiddenPage(doc, sequentialIds('h')))).toEqual(['page:p', 'hidden_page:h-1', 'end_page:end']);
  });
});

describe('addPage', () => {
  const base = buildDocument([
    { id: 'p1', type: 'page', children: [{ id: 'q1', type: 'textAnswer' }] },
    { id: 'p2', type: 'page' },
  ]);

  it('inserts a new page before the next page', () => {
    const { document } = unwrap(addPage(base, { after: 'p1' }, sequentialIds('n')));
    expect(pageTypes(document)).toEqual(['page:p1', 'page:n-1', 'page:p2', 'hidden_page:hidden-1']);
  });

  it('appends at the end when there is no next page (before the hidden and end pages)', () => {
    const withEnd = unwrap(addPage(base, { type: 'end_page' }, sequentialIds('e'))).document;
    const { document } = unwrap(addPage(withEnd, { after: 'p2' }, sequentialIds('n')));
    expect(pageTypes(document)).toEqual(['page:p1', 'page:p2', 'page:n-1', 'hidden_page:hidden-1', 'end_page:e-1']);
    const appended = unwrap(addPage(withEnd, {}, sequentialIds('m'))).document;
    expect(pageTypes(appended).at(-3)).toBe('page:m-1');
    const afterEnd = unwrap(addPage(withEnd, { after: 'e-1' }, sequentialIds('z'))).document;
    expect(pageTypes(afterEnd).at(-1)).toBe('end_page:e-1');
  });

  it('puts the start page first and the end page last, once each', () => {
    const withStart = unwrap(addPage(base, { type: 'start_page', title: 'Start' }, sequentialIds('s'))).document;
    expect(pageTypes(withStart)[0]).toBe('start_page:s-1');
    expect(withStart.items[0].title).toBe('Start');
    expect(addPage(withStart, { type: 'start_page' }, sequentialIds('t'))).toMatchObject({
      ok: false,
      code: 'CKL_PAGE_ALREADY_EXISTS',
      message: 'The template already has a start_page',
    });
    const withEnd = unwrap(addPage(withStart, { type: 'end_page' }, sequentialIds('e'))).document;
    expect(pageTypes(withEnd).at(-1)).toBe('end_page:e-1');
    expect(addPage(withEnd, { type: 'end_page' })).toMatchObject({ ok: false, code: 'CKL_PAGE_ALREADY_EXISTS' });
    // A page added "before" the start page still lands after it.
    const afterNothing = unwrap(addPage(withEnd, { after: 's-1' }, sequentialIds('n'))).document;
    expect(pageTypes(afterNothing).slice(0, 2)).toEqual(['start_page:s-1', 'page:n-1']);
    expect(validateStructure(afterNothing)).toEqual([]);
  });

  it('refuses an unknown page', () => {
    expect(addPage(base, { after: 'nope' })).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND', message: 'Item nope not found' });
  });
});

describe('movePage', () => {
  const doc = buildDocument([
    { id: 'start', type: 'start_page' },
    { id: 'p1', type: 'page', children: [{ id: 'a', type: 'number' }] },
    { id: 'p2', type: 'page', children: [{ id: 'b', type: 'number' }] },
    { id: 'p3', type: 'page' },
    { id: 'end', type: 'end_page' },
  ]);

  it('moves an ordinary page among ordinary pages with its items', () => {
    const moved = unwrap(movePage(doc, 'p1', 2));
    expect(pageTypes(moved)).toEqual(['start_page:start', 'page:p2', 'page:p3', 'page:p1', 'hidden_page:hidden-1', 'end_page:end']);
    expect(moved.items.findIndex((item) => item.id === 'a')).toBe(moved.items.findIndex((item) => item.id === 'p1') + 1);
    expect(pageTypes(unwrap(movePage(doc, 'p3', 0))).slice(0, 3)).toEqual(['start_page:start', 'page:p3', 'page:p1']);
  });

  it('keeps the start, hidden and end pages in place', () => {
    for (const id of ['start', 'end', 'hidden-1']) expect(movePage(doc, id, 0)).toMatchObject({ ok: false, code: 'CKL_PAGE_FIXED' });
    expect(movePage(doc, 'nope', 0)).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });

  it('refuses a move that puts a calculation before its variable', () => {
    const linked = buildDocument([
      { id: 'p1', type: 'page', children: [{ id: 'a', type: 'number' }] },
      {
        id: 'p2',
        type: 'page',
        children: [{ id: 'c', type: 'calculation', options: { calculations: { value: 'x', items: [{ key: 'x', item_id: 'a' }] } } }],
      },
    ]);
    const refused = movePage(linked, 'p2', 0);
    expect(refused).toMatchObject({
      ok: false,
      code: 'CKL_MOVE_DEPENDENCY_CONFLICT',
      data: { links: [{ kind: 'calculation', from: 'a', to: 'c' }] },
    });
  });
});

describe('setPageHidden', () => {
  it('hides and unhides pages but never shows the hidden page', () => {
    const doc = buildDocument([{ id: 'p', type: 'page' }]);
    const hidden = unwrap(setPageHidden(doc, 'p', true));
    expect(hidden.items[0].options.not_visible).toBe(true);
    expect(unwrap(setPageHidden(hidden, 'p', false)).items[0].options.not_visible).toBe(false);
    expect(setPageHidden(doc, 'hidden-1', false)).toMatchObject({ ok: false, code: 'CKL_PAGE_FIXED' });
    expect(setPageHidden(doc, 'nope', false)).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });
});
