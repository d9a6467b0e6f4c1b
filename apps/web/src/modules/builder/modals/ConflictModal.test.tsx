import { fireEvent, screen, within } from '@testing-library/react';
import { dependenciesOf, setRuleSet, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { ConflictModal } from './ConflictModal.tsx';

function sample(): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'speed', type: 'number', title: 'Speed' },
          { id: 'load', type: 'number', title: 'Load' },
          {
            id: 'calc',
            type: 'calculation',
            title: 'Stress',
            options: {
              calculations: {
                value: 'x * y',
                items: [
                  { key: 'x', item_id: 'speed' },
                  { key: 'y', item_id: 'load' },
                ],
              },
            },
          },
          { id: 'why', type: 'textAnswer', title: 'Why so fast?' },
          { id: 'free', type: 'textAnswer', title: 'Notes' },
        ],
      },
      { id: 'p2', type: 'page', title: 'Second page', children: [{ id: 'later', type: 'textAnswer', title: 'Later' }] },
    ],
    { title: 'Forklift' },
  );
  const result = setRuleSet(doc, 'speed', {
    uuid: 'rs',
    has_visibility: true,
    related_items: [],
    action_items: [],
    rules: [
      {
        uuid: 'r',
        logic: 'and',
        conditions: [{ item_id: 'speed', operator: 'greater', value: 10 }],
        actions: [
          { type: 'set_hidden', item_id: 'why', value: false },
          { type: 'required', item_id: 'why' },
        ],
      },
    ],
  });
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

async function open(itemId: string) {
  const document = sample();
  const onApply = vi.fn();
  const onClose = vi.fn();
  const store: EditorStore = testEditorStore(document);
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <ConflictModal document={document} itemId={itemId} open onApply={onApply} onClose={onClose} />
    </EditorContext.Provider>,
    makeSession({ plan: 'premium' }),
  );
  return { onApply, onClose, store };
}

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

// Rendering with the app's providers is slow on a busy two-core machine.
describe('ConflictModal', { timeout: 20_000 }, () => {
  it('lists the items that depend on a question with the kind of link and the rule actions', async () => {
    await open('speed');
    const usedBy = screen.getByRole('region', { name: 'Items that depend on Speed' });
    const entries = within(usedBy).getAllByTestId('conflict-link');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringContaining('Stress'), expect.stringContaining('Why so fast?')]);
    expect(entries[0].textContent).toContain('Calculation');
    expect(entries[0].textContent).toContain('The formula still names the variable');
    expect(entries[1].textContent).toContain('Rule: Show or hide, Make required');
    expect(within(screen.getByRole('region', { name: 'Items Speed depends on' })).getByText('None.')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('lists what an item depends on', async () => {
    await open('calc');
    const uses = screen.getByRole('region', { name: 'Items Stress depends on' });
    expect(
      within(uses)
        .getAllByTestId('conflict-link')
        .map((entry) => entry.textContent),
    ).toEqual([expect.stringContaining('Speed'), expect.stringContaining('Load')]);
  });

  it('removes links in a draft and applies them together on save', async () => {
    const { onApply } = await open('speed');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link with Why so fast?' }));
    expect(screen.getByRole('status').textContent).toBe('Links to remove when you save: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link with Stress' }));
    expect(screen.getByRole('status').textContent).toBe('Links to remove when you save: 2');
    expect(screen.queryAllByTestId('conflict-link')).toEqual([]);
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(save());
    expect(onApply).toHaveBeenCalledTimes(1);
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(dependenciesOf(next, 'speed')).toEqual([]);
    expect(next.rule_sets).toEqual([]);
    expect(next.items.find((item) => item.id === 'calc')!.options.calculations!.items).toEqual([{ key: 'y', item_id: 'load' }]);
  });

  it('shows the empty state for an item without links', async () => {
    await open('free');
    expect(screen.getByText('Notes has no links: no other item depends on it, and it depends on none.')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    expect(save().disabled).toBe(true);
  });

  it('reveals a linked item, closing the modal', async () => {
    const { onClose, onApply, store } = await open('speed');
    fireEvent.click(screen.getByRole('button', { name: 'Why so fast?' }));
    expect(onClose).toHaveBeenCalled();
    expect(onApply).not.toHaveBeenCalled();
    expect(store.getState().selectedId).toBe('why');
  });

  it('applies the removals made so far before revealing another item', async () => {
    const { onApply, onClose, store } = await open('speed');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link with Why so fast?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stress' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(dependenciesOf(onApply.mock.calls[0][0] as TemplateDocument, 'speed').map((link) => link.id)).toEqual(['calc']);
    expect(store.getState().selectedId).toBe('calc');
  });
});
