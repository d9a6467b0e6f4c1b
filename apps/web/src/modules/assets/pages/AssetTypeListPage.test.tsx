import type { AssetType, AssetTypeDetail } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { AssetTypeArchivePage, AssetTypeListPage } from './AssetTypeListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const PUMPS: AssetType = {
  id: 't-1',
  name: 'Pumps',
  fields_count: 2,
  assets_count: 3,
  last_inspection_at: null,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const ARCHIVED: AssetType = { ...PUMPS, id: 't-2', name: 'Cranes', archived_at: '2026-11-20T10:00:00.000Z' };
const page = (list: AssetType[]) => ({ list, pagination: { total: list.length, limit: 25, current_page: 1, total_pages: 1 } });
const DETAIL: AssetTypeDetail = { ...PUMPS, id: 't-9', name: 'Valves', fields: [] };

describe('/assets/types', () => {
  it('lists the types read-only for a viewer, without the archive link unless allowed', async () => {
    fakeApi({ 'GET /api/assets/types/list': () => page([PUMPS]) });
    await renderWithSession(<AssetTypeListPage />, makeSession({ abilities: ['SST_VIEW_ASSET_TYPE'] }));
    expect(await screen.findByText('Pumps')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New asset type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Pumps' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archived asset types' })).toBeNull();
  });

  it('creates a type by name and opens it, and archives one after confirming', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/list': () => page([PUMPS]),
      'POST /api/assets/types/new': () => new Reply(DETAIL, 'Created.'),
      'PUT /api/assets/types/bulk-archive': () => new Reply({ count: 1 }, 'Archived.'),
    });
    const { router } = await renderWithSession(
      <AssetTypeListPage />,
      makeSession({ abilities: ['SST_VIEW_ASSET_TYPE', 'SST_MANAGE_ASSET_TYPE', 'SST_VIEW_ARCHIVED_ASSET_TYPES'] }),
    );
    expect(await screen.findByRole('button', { name: 'Archived asset types' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Archive Pumps' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/assets/types/bulk-archive')?.body).toEqual({ ids: ['t-1'] }));
    // The row's button does not also open the row.
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'New asset type' }));
    const dialog = await findDialog('New asset type');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(126) } });
    expect(await within(dialog).findByText('Enter at most 125 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Valves' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/types/t-9'));
    expect(calls.find((c) => c.key === 'POST /api/assets/types/new')?.body).toEqual({ name: 'Valves', fields: [] });
  });

  it('opens a type by clicking its row', async () => {
    fakeApi({ 'GET /api/assets/types/list': () => page([PUMPS]) });
    const { router } = await renderWithSession(<AssetTypeListPage />, makeSession({ abilities: ['SST_VIEW_ASSET_TYPE'] }));
    fireEvent.click(await screen.findByText('Pumps'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/types/t-1'));
  });
});

describe('/assets/types/archive', () => {
  it('restores a type, and deletes one only after its name is typed, showing why the server refuses', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/archive': () => page([ARCHIVED]),
      'PUT /api/assets/types/:id/restore': () => new Reply({ ...ARCHIVED, archived_at: null, fields: [] }, 'Restored.'),
      'DELETE /api/assets/types/:id': () => new Failure(422, '_VALIDATION_FAILED', 'The asset type Cranes still has assets.'),
    });
    await renderWithSession(
      <AssetTypeArchivePage />,
      makeSession({ abilities: ['SST_VIEW_ARCHIVED_ASSET_TYPES', 'SST_MANAGE_ASSET_TYPE'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Cranes' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/assets/types/:id/restore' && c.params.id === 't-2')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cranes for good' }));
    const dialog = await findDialog('Delete the asset type Cranes for good?');
    const remove = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(remove).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Type Cranes to confirm'), { target: { value: 'Cranes' } });
    fireEvent.click(remove);
    expect(await within(dialog).findByText('The asset type Cranes still has assets.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE /api/assets/types/:id' && c.params.id === 't-2')).toBe(true);
  });

  it('restores a selection in bulk', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/archive': () => page([ARCHIVED]),
      'PUT /api/assets/types/bulk-restore': () => new Reply({ count: 1 }, 'Restored.'),
    });
    await renderWithSession(
      <AssetTypeArchivePage />,
      makeSession({ abilities: ['SST_VIEW_ARCHIVED_ASSET_TYPES', 'SST_MANAGE_ASSET_TYPE'] }),
    );
    await screen.findByText('Cranes');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/assets/types/bulk-restore')?.body).toEqual({ ids: ['t-2'] }));
  });
});
