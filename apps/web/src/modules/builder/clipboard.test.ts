import { copyItems, pasteItems, sequentialIds } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIPBOARD_KEY, readClipboard, writeClipboard } from './clipboard.ts';
import { insertionTarget } from './components/useBuilderCommands.tsx';

const source = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 's', type: 'section', children: [{ id: 'n', type: 'number' }] },
      { id: 'q', type: 'textAnswer' },
    ],
  },
]);
const other = buildDocument([{ id: 'other', type: 'page', children: [{ id: 'x', type: 'yesno' }] }]);

describe('clipboard', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps copied items in localStorage and pastes them into another template with new ids', () => {
    writeClipboard(copyItems(source, ['s']));
    const clipboard = readClipboard();
    expect(clipboard?.items.map((item) => item.id)).toEqual(['s', 'n']);
    const pasted = pasteItems(other, clipboard!, insertionTarget(other, 'other', 'x'), sequentialIds('copy'));
    expect(pasted.ok && pasted.value.document.items.filter((item) => item.depth > 0).map((item) => [item.id, item.parent_id])).toEqual([
      ['x', 'other'],
      ['copy-1', 'other'],
      ['copy-2', 'copy-1'],
      expect.anything(),
      expect.anything(),
    ]);
  });

  it('reads nothing from an empty clipboard or one holding something else', () => {
    expect(readClipboard()).toBeNull();
    window.localStorage.setItem(CLIPBOARD_KEY, 'not json');
    expect(readClipboard()).toBeNull();
    window.localStorage.setItem(CLIPBOARD_KEY, JSON.stringify({ kind: 'other', clipboard: { items: [] } }));
    expect(readClipboard()).toBeNull();
  });
});

describe('insertionTarget', () => {
  it('adds into a selected section, after a selected question, or at the end of the page', () => {
    expect(insertionTarget(source, 'p1', 's')).toEqual({ parent_id: 's' });
    expect(insertionTarget(source, 'p1', 'q')).toEqual({ parent_id: 'p1', index: 2 });
    expect(insertionTarget(source, 'p1', 'n')).toEqual({ parent_id: 's', index: 1 });
    expect(insertionTarget(source, 'p1', null)).toEqual({ parent_id: 'p1' });
  });
});
