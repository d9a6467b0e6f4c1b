import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { GlobalListItem } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { BuilderPreview } from '../preview/BuilderPreview.tsx';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext, useEditor } from '../state/EditorContext.tsx';
import { DetailsPanel } from './DetailsPanel.tsx';

Element.prototype.scrollIntoView ??= () => {};

const PUMPS = '0b9f5a52-7c61-4f0e-9a55-3d1c2f6b0a01';
const item = (id: string, name: string, site: string): GlobalListItem => ({
  item_id: id,
  display_name: name,
  fields: { f_site: { value: site } },
  archived_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});
const ITEMS = [item('i-1', 'Pump North', 'Dock'), item('i-2', 'Pump South', 'Yard')];

/** One list with a "Site" field, and its items, searched by name as the server does. */
const fakeServer = () =>
  fakeApi({
    'GET /api/resources/global-lists/all': () => [
      {
        uuid: PUMPS,
        id: 7,
        name: 'Pumps',
        fields: [
          { id: 'f1', key: 'f_site', name: 'Site', field_type: 'text', is_required: false, is_used: true, is_locked: false, config: [] },
        ],
      },
    ],
    'GET /api/resources/global-lists/:id/items': ({ query }) => {
      const search = String((query.filter as { search?: { value?: string } } | undefined)?.search?.value ?? '').toLowerCase();
      const list = ITEMS.filter((entry) => entry.display_name.toLowerCase().includes(search));
      return { list, pagination: { total: list.length, limit: 25, current_page: 1, total_pages: 1 }, fields: [] };
    },
  });

afterEach(() => vi.unstubAllGlobals());

const checklist = (): TemplateDocument =>
  buildDocument([{ id: 'p1', type: 'page', title: 'Checks', children: [{ id: 'pump', type: 'global_list', title: 'Which pump?' }] }], {
    title: 'Pumps',
  });

function Preview() {
  return <BuilderPreview document={useEditor((state) => state.document)} onClose={() => {}} />;
}

async function renderBuilder(): Promise<EditorStore> {
  const store = testEditorStore(checklist());
  act(() => store.select('pump'));
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <DetailsPanel />
      <Preview />
    </EditorContext.Provider>,
    makeSession(),
  );
  return store;
}

const panel = () => within(screen.getByTestId('details-panel'));
const options = (store: EditorStore) => store.getState().document.items.find((entry) => entry.id === 'pump')!.options;

describe('a global_list question in the builder', { timeout: 30_000 }, () => {
  it('chooses a real list and its fields, and the preview offers its items with search', async () => {
    const calls = fakeServer();
    const store = await renderBuilder();
    expect(panel().getByText('Field is required')).toBeTruthy();
    const phone = within(await screen.findByTestId('preview-frame'));
    // Before a list is chosen, the preview cannot answer the question.
    expect(phone.getByTestId('checklist-unavailable')).toBeTruthy();

    await act(() => fireEvent.mouseDown(panel().getByRole('combobox', { name: 'Global list' })));
    await act(async () => fireEvent.click(await screen.findByTitle('Pumps')));
    expect(options(store)).toMatchObject({ global_list_uuid: PUMPS, global_list_id: 7, label_field_keys: [], value_field_keys: [] });
    await waitFor(() => expect(panel().queryByText('Field is required')).toBeNull());

    await act(() => fireEvent.mouseDown(panel().getByRole('combobox', { name: 'Label fields' })));
    await act(async () => fireEvent.click(await screen.findByTitle('Name')));
    await act(async () => fireEvent.click(await screen.findByTitle('Site')));
    expect(options(store).label_field_keys).toEqual(['display_name', 'f_site']);

    const answer = await phone.findByRole('combobox', { name: 'Which pump?' });
    await act(() => fireEvent.mouseDown(answer));
    await act(() => fireEvent.change(answer, { target: { value: 'south' } }));
    // The search goes to the server 300 ms after the last key.
    await waitFor(() => expect(screen.queryByTitle('Pump North / Dock')).toBeNull(), { timeout: 2000 });
    const offered = await screen.findByTitle('Pump South / Yard', {}, { timeout: 2000 });
    expect(calls).toContainEqual(
      expect.objectContaining({
        key: 'GET /api/resources/global-lists/:id/items',
        params: { id: PUMPS },
        query: expect.objectContaining({ filter: { search: { operator: 'contains', value: 'south' } } }),
      }),
    );
    await act(async () => fireEvent.click(offered));
    await waitFor(() => expect(phone.getByTitle('Pump South / Yard')).toBeTruthy());
  });
});
