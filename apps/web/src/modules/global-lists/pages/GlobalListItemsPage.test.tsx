import type { GlobalListDetail, GlobalListItem, GlobalListItemList, SavedCustomField } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply, type FakeHandlers } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { GlobalListItemArchivePage, GlobalListItemsPage } from './GlobalListItemsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const field = (key: string, name: string, field_type: SavedCustomField['field_type'], is_required = false): SavedCustomField => ({
  id: `cf-${key}`,
  key,
  name,
  description: null,
  field_type,
  is_required,
  is_used: true,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: null,
});
const CODE = field('f_code', 'Code', 'text', true);
const STOCK = field('f_stock', 'Stock', 'integer');
const LIST: GlobalListDetail = {
  uuid: 'l-1',
  id: 1,
  name: 'Spare parts',
  fields_count: 2,
  items_count: 1,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  fields: [CODE, STOCK, { ...field('f_old', 'Old', 'text'), is_used: false }],
};
const BOLT: GlobalListItem = {
  item_id: '0d3e6c8a-1f2b-4c5d-8e9f-a0b1c2d3e4f5',
  display_name: 'Bolt M8',
  fields: { f_code: { value: 'B-8' }, f_stock: { value: 40 } },
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const page = (list: GlobalListItem[], total = list.length): GlobalListItemList => ({
  list,
  pagination: { total, limit: 25, current_page: 1, total_pages: Math.ceil(total / 25) },
  fields: [CODE, STOCK].map(({ key, name, field_type }) => ({ key, name, field_type })),
});

const at = (archive = false) => ({
  path: `/resources/global-lists/:uuid/items${archive ? '/archive' : ''}`,
  entry: `/resources/global-lists/l-1/items${archive ? '/archive' : ''}`,
});
const MANAGER = makeSession({ abilities: ['RES_MANAGE_GLOBAL_LISTS'], plan: 'premium' });
const VIEWER = makeSession({ abilities: ['RES_VIEW_GLOBAL_LISTS'], plan: 'premium' });

function server(extra: FakeHandlers = {}) {
  return fakeApi({
    'GET /api/resources/global-lists/:id': () => LIST,
    'GET /api/resources/global-lists/:id/items': () => page([BOLT]),
    ...extra,
  });
}

describe('/resources/global-lists/:uuid/items', () => {
  it('offers a manager the import of the list’s items, with the list’s columns', async () => {
    const calls = server({
      'GET /api/resources/global-lists/bulk-import/columns': () => [
        { id: 'display_name', title: 'Display name', required: true, field_type: null },
      ],
    });
    await renderWithSession(<GlobalListItemsPage />, MANAGER, at());
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await findDialog('Import into Spare parts');
    expect(
      within(dialog)
        .getByRole('link', { name: /Download the Excel sample/ })
        .getAttribute('href'),
    ).toBe('/api/resources/global-lists/bulk-import/sample?list_id=l-1&format=xlsx');
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'GET /api/resources/global-lists/bulk-import/columns')?.query).toEqual({ list_id: 'l-1' }),
    );
  });

  it('offers no import to a viewer', async () => {
    server({ 'GET /api/resources/global-lists/:id/items/archive': () => page([]) });
    await renderWithSession(<GlobalListItemsPage />, VIEWER, at());
    expect(await screen.findByText('Bolt M8')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('shows the items with the list’s fields as columns, read-only for a viewer', async () => {
    server();
    await renderWithSession(<GlobalListItemsPage />, VIEWER, at());
    expect(await screen.findByRole('heading', { level: 1, name: 'Spare parts: items' })).toBeTruthy();
    expect(await screen.findByText('Bolt M8')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Stock/ })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'B-8' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Old/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Bolt M8' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archived items' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fields' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(screen.getByText('Bolt M8'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('searches the items by name and values, on the list it shows', async () => {
    const calls = server();
    await renderWithSession(<GlobalListItemsPage />, VIEWER, at());
    await screen.findByText('Bolt M8');
    const search = screen.getByRole('searchbox', { name: 'Search items' });
    fireEvent.change(search, { target: { value: 'B-8' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ filter: { search: { operator: 'contains', value: 'B-8' } } }));
    expect(calls.at(-1)?.params.id).toBe('l-1');
  });

  it('adds an item checked as the server checks it, and shows the server’s field errors on their inputs', async () => {
    let refuse = true;
    const calls = server({
      'POST /api/resources/global-lists/:id/items/new': () =>
        refuse
          ? ((refuse = false), new Failure(422, '_VALIDATION_FAILED', 'Check the fields.', { 'fields.f_code.value': ['Already used.'] }))
          : new Reply({ ...BOLT, item_id: 'i-2', display_name: 'Nut M8' }, 'Created.'),
    });
    await renderWithSession(<GlobalListItemsPage />, MANAGER, at());
    fireEvent.click((await screen.findAllByRole('button', { name: 'New item' }))[0]);
    const dialog = await findDialog('New item');
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Nut M8' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: 'many' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(within(dialog).getByText("Enter a value of the field's type.")).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/resources/global-lists/:id/items/new')).toBe(false);

    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'N-8' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Already used.')).toBeTruthy();
    expect(code.closest('.ant-form-item')?.textContent).toContain('Already used.');
    const post = calls.find((c) => c.key === 'POST /api/resources/global-lists/:id/items/new');
    expect(post?.params.id).toBe('l-1');
    expect(post?.body).toEqual({ display_name: 'Nut M8', fields: { f_code: { value: 'N-8' }, f_stock: { value: '100' } } });
    fireEvent.change(code, { target: { value: 'N-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByText('Already used.')).toBeNull());
    expect(calls.filter((c) => c.key === 'POST /api/resources/global-lists/:id/items/new')).toHaveLength(2);
  });

  it('edits an item from its row, with its values', async () => {
    const calls = server({ 'PUT /api/resources/global-lists/:id/items/:itemId': () => new Reply(BOLT, 'Saved.') });
    await renderWithSession(<GlobalListItemsPage />, MANAGER, at());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bolt M8' }));
    const dialog = await findDialog('Edit Bolt M8');
    expect(within(dialog).getByLabelText('Stock')).toHaveProperty('value', '40');
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Bolt M8 zinc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id/items/:itemId');
      expect(put?.params).toEqual({ id: 'l-1', itemId: BOLT.item_id });
      expect(put?.body).toEqual({ display_name: 'Bolt M8 zinc', fields: { f_code: { value: 'B-8' }, f_stock: { value: '40' } } });
    });
  });

  it('archives one after confirming, and every item matching the filter on a field', async () => {
    const calls = server({
      'GET /api/resources/global-lists/:id/items': () => page([BOLT], 30),
      'PUT /api/resources/global-lists/:id/items/bulk-archive': () => new Reply({ count: 30 }, 'Archived.'),
    });
    const { router } = await renderWithSession(<GlobalListItemsPage />, MANAGER, at());
    await router.navigate('/resources/global-lists/l-1/items?filter[fields.f_stock][operator]=greater&filter[fields.f_stock][value]=10');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Bolt M8' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id/items/bulk-archive')?.body).toEqual({ ids: [BOLT.item_id] }),
    );

    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.key === 'PUT /api/resources/global-lists/:id/items/bulk-archive').at(-1);
      expect(last?.params.id).toBe('l-1');
      expect(last?.body).toEqual({ all: true, filter: { 'fields.f_stock': { operator: 'greater', value: '10' } } });
    });
  });

  it('shows another list’s own items when the address changes to it', async () => {
    const ROOMS = { ...LIST, uuid: 'l-2', id: 2, name: 'Rooms' };
    const calls = server({
      'GET /api/resources/global-lists/:id': ({ params }) => (params.id === 'l-2' ? ROOMS : LIST),
      'GET /api/resources/global-lists/:id/items': ({ params }) =>
        page([params.id === 'l-2' ? { ...BOLT, item_id: 'i-room', display_name: 'Room 101' } : BOLT]),
    });
    const { router } = await renderWithSession(<GlobalListItemsPage />, VIEWER, at());
    expect(await screen.findByText('Bolt M8')).toBeTruthy();
    await router.navigate('/resources/global-lists/l-2/items');
    expect(await screen.findByText('Room 101')).toBeTruthy();
    expect(screen.queryByText('Bolt M8')).toBeNull();
    expect(calls.some((c) => c.key === 'GET /api/resources/global-lists/:id/items' && c.params.id === 'l-2')).toBe(true);
  });

  it('offers no change on an archived list', async () => {
    server({ 'GET /api/resources/global-lists/:id': () => ({ ...LIST, archived_at: '2026-11-20T10:00:00.000Z' }) });
    await renderWithSession(<GlobalListItemsPage />, MANAGER, at());
    expect(await screen.findByText(/This global list is archived/)).toBeTruthy();
    await screen.findByText('Bolt M8');
    expect(screen.queryByRole('button', { name: 'New item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Bolt M8' })).toBeNull();
  });
});

describe('/resources/global-lists/:uuid/items/archive', () => {
  const archived = { ...BOLT, archived_at: '2026-11-20T10:00:00.000Z' };

  it('restores one and a selection in bulk, and deletes one for good once its name is typed', async () => {
    const calls = server({
      'GET /api/resources/global-lists/:id/items/archive': () => page([archived]),
      'PUT /api/resources/global-lists/:id/items/:itemId/restore': () => new Reply(BOLT, 'Restored.'),
      'PUT /api/resources/global-lists/:id/items/bulk-restore': () => new Reply({ count: 1 }, 'Restored.'),
      'DELETE /api/resources/global-lists/:id/items/:itemId': () => new Reply(null, 'Deleted.'),
    });
    await renderWithSession(<GlobalListItemArchivePage />, MANAGER, at(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spare parts: archived items' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Bolt M8' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id/items/:itemId/restore')?.params).toEqual({
        id: 'l-1',
        itemId: BOLT.item_id,
      }),
    );

    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id/items/bulk-restore')?.body).toEqual({ ids: [BOLT.item_id] }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bolt M8 for good' }));
    const dialog = await findDialog('Delete the item Bolt M8 for good?');
    fireEvent.change(within(dialog).getByLabelText('Type Bolt M8 to confirm'), { target: { value: 'Bolt M8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'DELETE /api/resources/global-lists/:id/items/:itemId' && c.params.itemId === BOLT.item_id)).toBe(
        true,
      ),
    );
  });
});
