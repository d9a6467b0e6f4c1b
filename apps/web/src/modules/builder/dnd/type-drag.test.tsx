import { act, fireEvent, screen } from '@testing-library/react';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { BuilderDnd } from '../components/BuilderDnd.tsx';
import { ItemTree } from '../components/ItemTree.tsx';
import { TypesPanel } from '../components/TypesPanel.tsx';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { visibleRows } from './projection.ts';
import { TypeDropZone } from './TypeDropZone.tsx';

// jsdom has neither; the builder scrolls rows into view and finds them by escaped id.
Element.prototype.scrollIntoView ??= () => {};
globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } as typeof CSS;

async function renderBuilder() {
  const document = buildDocument([
    {
      id: 'p1',
      type: 'page',
      title: 'Yard',
      children: [
        { id: 'a', type: 'textAnswer', title: 'Driver' },
        { id: 's', type: 'section', title: 'Forks', children: [{ id: 's1', type: 'number', title: 'Height' }] },
      ],
    },
  ]);
  const store = testEditorStore(document);
  // The free plan lacks calculations.
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <BuilderDnd>
        <TypeDropZone>
          <ItemTree />
        </TypeDropZone>
        <TypesPanel />
      </BuilderDnd>
    </EditorContext.Provider>,
    makeSession({ plan: 'free' }),
  );
  return store;
}

const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')!;

/** Space on a type's button, then the keys, each on the document as the drag listens there. */
async function keyboardDrag(button: HTMLElement, keys: string[]) {
  button.focus();
  fireEvent.keyDown(button, { code: 'Space', key: ' ' });
  // The drag listens to the document from the next task on.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (const code of keys) fireEvent.keyDown(document, { code });
}

const outline = (store: EditorStore) =>
  visibleRows(store.getState().document, 'p1', new Set()).map((row) => {
    const item = store.getState().document.items.find((entry) => entry.id === row.id)!;
    return `${item.title}@${row.depth}`;
  });

// Rendering with the app's providers is slow on a busy two-core machine.
describe('dragging a question type by keyboard', { timeout: 30_000 }, () => {
  it('places it where the arrows lead, announced; one undo step, selected', async () => {
    const store = await renderBuilder();
    const photo = await screen.findByRole('button', { name: 'Add Photo' });
    expect(photo.getAttribute('aria-describedby')).toBe('builder-type-drag-help');
    await keyboardDrag(photo, []);
    expect(liveRegion().textContent).toBe('Picked up Photo. Photo: in Yard, after Forks.');
    fireEvent.keyDown(document, { code: 'ArrowRight' });
    expect(liveRegion().textContent).toBe('Photo: in Forks, after Height.');
    fireEvent.keyDown(document, { code: 'ArrowUp' });
    expect(liveRegion().textContent).toBe('Photo: first in Forks.');
    fireEvent.keyDown(document, { code: 'Space' });
    expect(outline(store)).toEqual(['Driver@1', 'Forks@1', 'Photo@2', 'Height@2']);
    expect(store.getState().past).toHaveLength(1);
    const added = store.getState().document.items.find((item) => item.title === 'Photo')!;
    expect(store.getState().selectedId).toBe(added.id);
  });

  it('adds nothing when cancelled with Escape', async () => {
    const store = await renderBuilder();
    await keyboardDrag(await screen.findByRole('button', { name: 'Add Photo' }), ['ArrowUp', 'Escape']);
    expect(liveRegion().textContent).toBe('Moving Photo was cancelled.');
    expect(outline(store)).toEqual(['Driver@1', 'Forks@1', 'Height@2']);
    expect(store.getState().past).toHaveLength(0);
  });

  it('opens the upgrade prompt for a type the plan lacks, and changes nothing', async () => {
    const store = await renderBuilder();
    await keyboardDrag(await screen.findByRole('button', { name: 'Add Calculation' }), ['ArrowUp', 'Space']);
    expect((await screen.findByRole('dialog')).textContent).toContain('Upgrade to unlock this feature');
    expect(outline(store)).toEqual(['Driver@1', 'Forks@1', 'Height@2']);
    expect(store.getState().past).toHaveLength(0);
  });
});
