import { fireEvent, screen, within } from '@testing-library/react';
import { buildDocument } from '@vigil/checklist/fixtures';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { ItemTree } from './ItemTree.tsx';

// Every row render calls useSortable once with the row's id, and every render of the tree renders the
// sortable list ("list"): counting the calls counts the renders.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('@dnd-kit/sortable', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@dnd-kit/sortable')>();
  return {
    ...actual,
    SortableContext: (props: Parameters<typeof actual.SortableContext>[0]) => {
      rendered.push('list');
      return actual.SortableContext(props);
    },
    useSortable: (args: Parameters<typeof actual.useSortable>[0]) => {
      rendered.push(String(args.id));
      return actual.useSortable(args);
    },
  };
});

// The selected row's action bar renders antd buttons: counted as "button", they show whether typing a
// title re-renders the bar's buttons.
vi.mock('antd', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd')>();
  const Button = ((props: Parameters<typeof actual.Button>[0]) => {
    rendered.push('button');
    return <actual.Button {...props} />;
  }) as unknown as typeof actual.Button;
  return { ...actual, Button };
});

const questions = Array.from({ length: 30 }, (_, i) => ({ id: `q${i}`, type: 'textAnswer' as const, title: `Question ${i}` }));

async function renderTree() {
  const document = buildDocument([
    {
      id: 'p1',
      type: 'page',
      title: 'Yard',
      children: [{ id: 's1', type: 'section', children: questions.slice(0, 5) }, ...questions.slice(5)],
    },
  ]);
  const store = testEditorStore(document);
  store.select('q7');
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <ItemTree />
    </EditorContext.Provider>,
    makeSession({ plan: 'standard' }),
  );
  return store;
}

const titleOf = (id: string) => within(document.querySelector(`[data-item-id="${id}"]`) as HTMLElement).getByRole('textbox');

// Rendering with the app's providers is slow on a busy two-core machine.
describe('ItemTree', { timeout: 20_000 }, () => {
  beforeEach(() => {
    rendered.length = 0;
  });

  it('re-renders only the edited row when a title is typed, not the tree, the other rows or the action bar button, as one undo step', async () => {
    const store = await renderTree();
    expect(new Set(rendered)).toEqual(new Set(['list', 'button', 's1', ...questions.map((question) => question.id)]));
    rendered.length = 0;
    fireEvent.change(titleOf('q7'), { target: { value: 'Question 7 f' } });
    fireEvent.change(titleOf('q7'), { target: { value: 'Question 7 fo' } });
    expect(new Set(rendered)).toEqual(new Set(['q7']));
    expect((titleOf('q7') as HTMLInputElement).value).toBe('Question 7 fo');
    expect(store.getState().past).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Page title' })).toHaveProperty('value', 'Yard');
  });

  it('keeps the action bar buttons of a wide screen (a toolbar) while a title is typed', async () => {
    const narrow = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...narrow(query), matches: true });
    try {
      await renderTree();
      expect(document.querySelector('[role="toolbar"] [data-action="copy"]')).not.toBeNull();
      rendered.length = 0;
      fireEvent.change(titleOf('q7'), { target: { value: 'Question 7 f' } });
      fireEvent.change(titleOf('q7'), { target: { value: 'Question 7 fo' } });
      expect(new Set(rendered)).toEqual(new Set(['q7']));
    } finally {
      window.matchMedia = narrow;
    }
  });

  it('re-renders the list when the rows change: a collapsed section hides its questions', async () => {
    const store = await renderTree();
    expect(document.querySelector('[data-item-id="q2"]')).not.toBeNull();
    rendered.length = 0;
    store.toggleCollapsed('s1');
    await screen.findByRole('button', { name: 'Expand section' });
    expect(document.querySelector('[data-item-id="q2"]')).toBeNull();
    expect(document.querySelector('[data-item-id="q7"]')).not.toBeNull();
    expect(rendered).toContain('list');
  });
});
