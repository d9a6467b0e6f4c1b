import { fireEvent, screen, within } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { featuresOfPlan } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { itemActions } from '../item-actions.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { ItemActionBar } from './ItemActionBar.tsx';

function sample(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'loop', type: 'section', options: { repeatable: true }, children: [{ id: 'n1', type: 'number' }] },
          { id: 'q1', type: 'textAnswer', title: 'Driver name' },
          { id: 'note', type: 'instruction' },
        ],
      },
    ],
    { title: 'Forklift' },
  );
}

const keysOf = (doc: TemplateDocument, id: string, plan: 'free' | 'standard' | 'premium') =>
  itemActions(
    doc,
    doc.items.find((item) => item.id === id)!,
    featuresOfPlan(plan),
  ).map((action) => action.key);

describe('itemActions', () => {
  it('offers the toggles the type has, and rules only for types that take rules with ckl_rule', () => {
    const doc = sample();
    expect(keysOf(doc, 'q1', 'standard')).toEqual([
      'required',
      'require_media',
      'hidden',
      'exclude_report',
      'repeatable',
      'rules',
      'related_info',
      'conflict',
      'copy',
      'delete',
    ]);
    expect(keysOf(doc, 'q1', 'free')).not.toContain('rules');
    expect(keysOf(doc, 'note', 'standard')).toEqual(['hidden', 'exclude_report', 'related_info', 'conflict', 'copy', 'delete']);
    expect(keysOf(doc, 'loop', 'premium')).toEqual(expect.arrayContaining(['image_marker', 'group_options']));
    const hiddenDates = doc.items.filter((item) => item.type === 'inspection_real_end_date');
    expect(itemActions(doc, hiddenDates[0], featuresOfPlan('premium'))).toEqual([]);
  });

  it('disables repeatable with the nesting reason inside a repeatable section, and locks it without the plan feature', () => {
    const doc = sample();
    const inside = itemActions(
      doc,
      doc.items.find((item) => item.id === 'n1')!,
      featuresOfPlan('premium'),
    ).find((a) => a.key === 'repeatable');
    expect(inside).toMatchObject({ kind: 'modal', locked: false, refusal: { code: 'CKL_NESTING_NOT_ALLOWED' } });
    const free = itemActions(
      doc,
      doc.items.find((item) => item.id === 'q1')!,
      featuresOfPlan('free'),
    ).find((a) => a.key === 'repeatable');
    expect(free).toMatchObject({ locked: true, refusal: null, registered: true });
  });
});

async function renderBar(itemId: string, wide: boolean, plan: 'free' | 'standard' = 'standard'): Promise<EditorStore> {
  setScreenWide(wide);
  const store = testEditorStore(sample());
  function Bar() {
    return <ItemActionBar item={store.getState().document.items.find((item) => item.id === itemId)!} />;
  }
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <Bar />
    </EditorContext.Provider>,
    makeSession({ plan }),
  );
  return store;
}

const option = (store: EditorStore, id: string, key: string) =>
  (store.getState().document.items.find((item) => item.id === id)!.options as Record<string, unknown>)[key];

// Rendering with the app's providers is slow on a busy two-core machine.
describe('ItemActionBar', { timeout: 20_000 }, () => {
  afterEach(() => setScreenWide(false));

  it('shows inline toggles on wide screens that flip the option through the store', async () => {
    const store = await renderBar('q1', true);
    const bar = screen.getByRole('toolbar', { name: 'Actions of Driver name' });
    const required = within(bar).getByRole('button', { name: 'Required' });
    expect(required.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(required);
    expect(option(store, 'q1', 'required')).toBe(true);
    expect(store.getState().past).toHaveLength(1);
    // Registered by the modals: enabled.
    expect(within(bar).getByRole<HTMLButtonElement>('button', { name: 'Rules' }).disabled).toBe(false);
  });

  it('puts the same actions in a dropdown on narrow screens', async () => {
    const store = await renderBar('q1', false);
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Exclude from report/ }));
    expect(option(store, 'q1', 'exclude_report')).toBe(true);
  });

  it('shows the image-marker upgrade prompt naming the plan, opening the plans page in a new tab', async () => {
    await renderBar('loop', true, 'free');
    fireEvent.click(screen.getByRole('button', { name: 'Image marker' }));
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Standard' });
    expect(upgrade.getAttribute('href')).toBe('/workspace/settings/plans');
    expect(upgrade.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Edit your image marker')).toBeTruthy();
  });

  it('asks before deleting and lists nothing when no item is linked', async () => {
    const store = await renderBar('q1', true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Delete Driver name?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await vi.waitFor(() => expect(store.getState().document.items.some((item) => item.id === 'q1')).toBe(false));
  });
});
