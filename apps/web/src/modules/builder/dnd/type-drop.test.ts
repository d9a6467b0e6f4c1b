import { addItem, canAddItem, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { INDENT_PX, visibleRows } from './projection.ts';
import { endOfPage, moveSlot, previousSibling, slotAt, targetOfSlot, type Slot } from './type-drop.ts';

const doc = buildDocument([
  { id: 'start', type: 'start_page', children: [{ id: 'loc', type: 'inspection_location' }] },
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'a', type: 'textAnswer' },
      {
        id: 's',
        type: 'section',
        children: [
          { id: 's1', type: 'number' },
          { id: 's2', type: 'yesno' },
        ],
      },
      { id: 'b', type: 'checkbox' },
      { id: 'e', type: 'section' },
    ],
  },
  { id: 'p2', type: 'page' },
]);

const rows = visibleRows(doc, 'p1', new Set());
// Rows 40 px high from y = 100, so row i's middle is at 120 + 40 i; the tree starts at x = 300.
const middles = rows.map((_, i) => 120 + 40 * i);
const START = 300;
const at = (y: number, depth: number, rtl = false) =>
  slotAt(rows, middles, { x: rtl ? START - (depth - 0.5) * INDENT_PX : START + (depth - 0.5) * INDENT_PX, y }, START, rtl);

/** The page's tree after adding a question at a slot, as `id@depth` of its visible rows. */
function dropped(document: TemplateDocument, slot: Slot, pageId = 'p1', type: 'photo' | 'asset' = 'photo') {
  const pageRows = visibleRows(document, pageId, new Set());
  const result = addItem(document, { ...targetOfSlot(pageRows, pageId, slot), type, title: 'New' });
  if (!result.ok) return result;
  return visibleRows(result.value.document, pageId, new Set()).map((row) =>
    row.id === result.value.id ? `new@${row.depth}` : `${row.id}@${row.depth}`,
  );
}

describe('slotAt', () => {
  it('takes the gap from the pointer height: above a row’s middle goes before it, below the last goes at the end', () => {
    expect(at(90, 1)).toEqual({ index: 0, depth: 1 });
    expect(at(125, 1)).toEqual({ index: 1, depth: 1 });
    expect(at(1000, 1)).toEqual({ index: rows.length, depth: 1 });
  });

  it('takes the depth from the pointer’s distance to the tree’s start, bounded by the neighbours, mirrored in right to left', () => {
    // Between the section's last question and the next top-level question both depths are possible.
    const gap = rows.findIndex((row) => row.id === 'b');
    const y = middles[gap] - 5;
    expect(at(y, 1)).toEqual({ index: gap, depth: 1 });
    expect(at(y, 2)).toEqual({ index: gap, depth: 2 });
    expect(at(y, 5)).toEqual({ index: gap, depth: 2 });
    expect(at(y, 1, true)).toEqual({ index: gap, depth: 1 });
    expect(at(y, 2, true)).toEqual({ index: gap, depth: 2 });
    // Right under a section's title the new item goes in, wherever the pointer is.
    expect(at(middles[2] - 5, 1)).toEqual({ index: 2, depth: 2 });
  });
});

describe('moveSlot', () => {
  it('starts at the end of the page and walks the gaps, keeping the depth where allowed', () => {
    let slot: Slot | null = endOfPage(rows);
    expect(slot).toEqual({ index: 6, depth: 1 });
    expect(moveSlot(rows, slot, 'down')).toBeNull();
    slot = moveSlot(rows, slot, 'in');
    // Into the empty section at the end.
    expect(slot).toEqual({ index: 6, depth: 2 });
    slot = moveSlot(rows, slot!, 'up');
    expect(slot).toEqual({ index: 5, depth: 1 });
    slot = moveSlot(rows, slot!, 'up');
    expect(slot).toEqual({ index: 4, depth: 1 });
    slot = moveSlot(rows, slot!, 'in');
    expect(slot).toEqual({ index: 4, depth: 2 });
    expect(moveSlot(rows, slot!, 'in')).toBeNull();
    slot = moveSlot(rows, slot!, 'up');
    expect(slot).toEqual({ index: 3, depth: 2 });
    expect(moveSlot(rows, slot!, 'out')).toBeNull();
    expect(moveSlot(rows, { index: 0, depth: 1 }, 'up')).toBeNull();
  });
});

describe('targetOfSlot', () => {
  it('places the new question between two questions', () => {
    expect(targetOfSlot(rows, 'p1', { index: 1, depth: 1 })).toEqual({ parent_id: 'p1', index: 1, depth: 1 });
    expect(dropped(doc, { index: 1, depth: 1 })).toEqual(['a@1', 'new@1', 's@1', 's1@2', 's2@2', 'b@1', 'e@1']);
  });

  it('places it into a section at the depth chosen, or after the section', () => {
    expect(targetOfSlot(rows, 'p1', { index: 3, depth: 2 })).toEqual({ parent_id: 's', index: 1, depth: 2 });
    expect(dropped(doc, { index: 4, depth: 2 })).toEqual(['a@1', 's@1', 's1@2', 's2@2', 'new@2', 'b@1', 'e@1']);
    expect(dropped(doc, { index: 4, depth: 1 })).toEqual(['a@1', 's@1', 's1@2', 's2@2', 'new@1', 'b@1', 'e@1']);
    expect(dropped(doc, { index: 6, depth: 2 })).toEqual(['a@1', 's@1', 's1@2', 's2@2', 'b@1', 'e@1', 'new@2']);
  });

  it('places it at the end of the page, also of an empty page', () => {
    expect(dropped(doc, endOfPage(rows))).toEqual(['a@1', 's@1', 's1@2', 's2@2', 'b@1', 'e@1', 'new@1']);
    expect(dropped(doc, endOfPage([]), 'p2')).toEqual(['new@1']);
  });

  it('names the sibling the new question follows', () => {
    expect(previousSibling(rows, targetOfSlot(rows, 'p1', { index: 4, depth: 1 }))).toBe('s');
    expect(previousSibling(rows, targetOfSlot(rows, 'p1', { index: 4, depth: 2 }))).toBe('s2');
    expect(previousSibling(rows, targetOfSlot(rows, 'p1', { index: 2, depth: 2 }))).toBeNull();
  });

  it('leaves the decision to the domain: a type the page excludes is refused and nothing changes', () => {
    expect(canAddItem(doc, 'asset', 'p1')).toBe(false);
    expect(dropped(doc, { index: 1, depth: 1 }, 'p1', 'asset')).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_ALLOWED_IN_PAGE' });
    // The start page takes it.
    expect(dropped(doc, endOfPage(visibleRows(doc, 'start', new Set())), 'start', 'asset')).toEqual(['loc@1', 'new@1']);
  });
});
