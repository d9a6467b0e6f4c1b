import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { createEditorStore } from './editor-store.ts';

function setup() {
  const document = buildDocument([
    {
      id: 'p1',
      type: 'page',
      title: 'Checks',
      children: [
        { id: 'q1', type: 'textAnswer' },
        { id: 'q2', type: 'number' },
      ],
    },
  ]);
  return createEditorStore(
    { document, revision: 1, published: false, hasDraft: false },
    { save: vi.fn(async () => ({ revision: 2, problems: [] })), publish: vi.fn(), classify: () => ({ kind: 'error', message: '' }) },
  );
}

describe('translation mode', () => {
  it('chooses rows with the multi-select check boxes, and the two modes replace each other', () => {
    const store = setup();
    store.setTranslating(true);
    expect(store.getState().translating).toBe(true);
    store.toggleChosen('q2');
    expect([...store.getState().multiSelect!]).toEqual(['q2']);

    store.setMultiSelect(true);
    expect(store.getState().translating).toBe(false);
    expect(store.getState().multiSelect!.size).toBe(0);

    store.setTranslating(true);
    store.setTranslating(false);
    expect(store.getState().translating).toBe(false);
    expect(store.getState().multiSelect).toBeNull();
  });
});
