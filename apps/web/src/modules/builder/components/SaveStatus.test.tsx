import { act, fireEvent, screen } from '@testing-library/react';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import type { DraftProblem } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { ItemTree } from './ItemTree.tsx';
import { SaveStatus } from './SaveStatus.tsx';

// jsdom has neither; the builder scrolls rows into view and finds them by escaped id.
Element.prototype.scrollIntoView ??= () => {};
globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } as typeof CSS;

const problem = (item_id: string | null, code = 'CKL_FIELD_REQUIRED'): DraftProblem => ({
  item_id,
  path: 'items.1.options.calculations.value',
  code,
  params: {},
});

/** The builder's status and tree; the first save answers `problems`. */
async function renderWithProblems(problems: DraftProblem[]) {
  const document = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Yard',
        children: [
          { id: 'a', type: 'number', title: 'Height' },
          { id: 'b', type: 'textAnswer', title: 'Driver' },
        ],
      },
    ],
    { title: 'Forks' },
  );
  const store = testEditorStore(document, problems);
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <SaveStatus />
      <ItemTree />
    </EditorContext.Provider>,
    makeSession(),
  );
  await act(async () => {
    store.apply((doc) => ({ ok: true, value: { ...doc, title: 'Forks 2' }, warnings: [] }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return store;
}

const rowOf = (title: string) => screen.getByDisplayValue(title).closest('li')!;

// Rendering with the app's providers is slow on a busy two-core machine.
describe('the problems of a saved draft (issue 12.1)', { timeout: 30_000 }, () => {
  it('says the draft is saved, counts "1 problem", marks the item and reveals it', async () => {
    const store = await renderWithProblems([problem('b')]);
    expect(screen.getByTestId('save-status').textContent).toContain('All changes saved');
    expect(screen.getByTestId('draft-problems').textContent).toBe('1 problem');
    expect(rowOf('Driver').querySelector('[data-testid="item-problems"]')?.textContent).toBe('1 problem');
    expect(rowOf('Height').querySelector('[data-testid="item-problems"]')).toBeNull();
    fireEvent.click(screen.getByTestId('draft-problems'));
    expect(store.getState().selectedId).toBe('b');
  });

  it('counts "2 problems", and the problem of the template itself leads to its title', async () => {
    await renderWithProblems([problem('a'), problem(null)]);
    expect(screen.getByTestId('draft-problems').textContent).toBe('2 problems');
    expect(rowOf('Height').querySelector('[data-testid="item-problems"]')?.textContent).toBe('1 problem');
  });

  it.each([
    [1, 'مشكلة واحدة'],
    [2, 'مشكلتان'],
    [3, '3 مشكلات'],
    [11, '11 مشكلة'],
  ])('words %i problems with the Arabic plural form', async (count, text) => {
    await renderWithProblems(Array.from({ length: count }, () => problem('a')));
    try {
      await act(() => changeLanguage('ar'));
      expect(screen.getByTestId('draft-problems').textContent).toBe(text);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('shows nothing once the draft has no problem', async () => {
    await renderWithProblems([]);
    expect(screen.queryByTestId('draft-problems')).toBeNull();
    expect(screen.queryByTestId('item-problems')).toBeNull();
  });
});
