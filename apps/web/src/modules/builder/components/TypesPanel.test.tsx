import { fireEvent, screen } from '@testing-library/react';
import type { Plan } from '@vigil/contracts';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { TypesPanel } from './TypesPanel.tsx';

// jsdom has neither; the builder scrolls rows into view and finds them by escaped id.
Element.prototype.scrollIntoView ??= () => {};
globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } as typeof CSS;

async function renderPanel(plan: Plan) {
  const document = buildDocument([{ id: 'p1', type: 'page', title: 'Yard', children: [{ id: 'n', type: 'number', title: 'Height' }] }]);
  const store = testEditorStore(document);
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <TypesPanel />
    </EditorContext.Provider>,
    makeSession({ plan }),
  );
  return store;
}

const typesOf = (store: EditorStore) => store.getState().document.items.map((item) => item.type);

// Rendering with the app's providers is slow on a busy two-core machine.
describe('plan gates of the types panel', { timeout: 30_000 }, () => {
  it('adds a calculation on the standard plan, which sells it (spec 1), while global lists stay locked', async () => {
    const store = await renderPanel('standard');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Calculation' }));
    expect(typesOf(store)).toContain('calculation');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Global list' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Upgrade to unlock this feature');
    expect(typesOf(store)).not.toContain('global_list');
  });

  it('locks the calculation on the free plan', async () => {
    const store = await renderPanel('free');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Calculation' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Upgrade to unlock this feature');
    expect(typesOf(store)).not.toContain('calculation');
  });
});
