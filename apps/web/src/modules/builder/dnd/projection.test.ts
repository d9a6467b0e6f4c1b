import { moveItems } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { projectDrop, visibleRows } from './projection.ts';

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
    ],
  },
  { id: 'p2', type: 'page', children: [{ id: 'c', type: 'photo' }] },
]);

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('visibleRows', () => {
  it('lists the page tree and leaves out what collapsed sections and the dragged section hold', () => {
    expect(ids(visibleRows(doc, 'p1', new Set()))).toEqual(['a', 's', 's1', 's2', 'b']);
    expect(ids(visibleRows(doc, 'p1', new Set(['s'])))).toEqual(['a', 's', 'b']);
    expect(ids(visibleRows(doc, 'p1', new Set(), 's'))).toEqual(['a', 's', 'b']);
  });
});

describe('projectDrop', () => {
  it('moves an item down among its siblings', () => {
    const rows = visibleRows(doc, 'p1', new Set());
    expect(projectDrop(rows, 'p1', 'a', 'b', 0)).toEqual({ parent_id: 'p1', index: 2, depth: 1 });
  });

  it('drops into a section when dragged one indent inwards under it', () => {
    const rows = visibleRows(doc, 'p1', new Set());
    expect(projectDrop(rows, 'p1', 'b', 's2', 1)).toEqual({ parent_id: 's', index: 1, depth: 2 });
    // Dragged down over the section's first child, it lands after it; the deeper neighbour keeps it inside.
    expect(projectDrop(rows, 'p1', 'a', 's1', 0)).toEqual({ parent_id: 's', index: 1, depth: 2 });
  });

  it('takes a section with its descendants, collapsed or not', () => {
    const rows = visibleRows(doc, 'p1', new Set(['s']));
    const projection = projectDrop(rows, 'p1', 's', 'b', 0)!;
    const moved = moveItems(doc, ['s'], projection);
    expect(moved.ok && moved.value.items.filter((item) => item.depth > 0 && item.parent_id !== null).map((item) => item.id)).toEqual(
      expect.arrayContaining(['s1', 's2']),
    );
    expect(moved.ok && ids(visibleRows(moved.value, 'p1', new Set()))).toEqual(['a', 'b', 's', 's1', 's2']);
  });

  it('answers null when the item is dropped where it is', () => {
    expect(projectDrop(visibleRows(doc, 'p1', new Set()), 'p1', 'b', 'b', 0)).toBeNull();
  });

  it('lets the domain refuse a move across the start page', () => {
    const refused = moveItems(doc, ['loc'], { parent_id: 'p1' });
    expect(refused).toMatchObject({ ok: false, code: 'CKL_MOVE_ACROSS_FIXED_PAGE' });
    const across = moveItems(doc, ['c'], { parent_id: 'p1', index: 0 });
    expect(across.ok && ids(visibleRows(across.value, 'p1', new Set()))[0]).toBe('c');
  });
});
