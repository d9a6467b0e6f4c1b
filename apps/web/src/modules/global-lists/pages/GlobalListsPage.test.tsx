import type { GlobalList, GlobalListDetail, GlobalListList, Permission } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { GlobalListArchivePage, GlobalListsPage } from './GlobalListsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const PARTS: GlobalList = {
  uuid: '5b0c7c1e-8a57-4d8e-9a39-3c1b1d0e2f10',
  id: 1,
  name: 'Spare parts',
  fields_count: 2,
  items_count: 12,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const DETAIL: GlobalListDetail = { ...PARTS, fields: [] };
const page = (list: GlobalList[], total = list.length): GlobalListList => ({
  list,
  pagination: { total, limit: 25, current_page: 1, total_pages: Math.ceil(total / 25) },
});

const premium = (abilities: Permission[]) => makeSession({ abilities, plan: 'premium' });
const MANAGER = premium(['RES_MANAGE_GLOBAL_LISTS']);
const VIEWER = premium(['RES_VIEW_GLOBAL_LISTS']);

describe('/resources/global-lists', () => {
  it('lists the lists read-only for a viewer, each opening on its items', async () => {
    fakeApi({ 'GET /api/resources/global-lists': () => page([PARTS]) });
    const { router } = await renderWithSession(<GlobalListsPage />, VIEWER);
    expect(await screen.findByText('Spare parts')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '12' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New global list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Spare parts' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archived global lists' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(screen.getByText('Spare parts'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resources/global-lists/${PARTS.uuid}/items`));
  });

  it('offers to create the first list when there is none', async () => {
    fakeApi({ 'GET /api/resources/global-lists': () => page([]) });
    await renderWithSession(<GlobalListsPage />, MANAGER);
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New global list' })).toHaveLength(2);
  });

  it('creates a list, showing the server’s refusal on the name, then opens it', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /api/resources/global-lists': () => page([PARTS]),
      'POST /api/resources/global-lists/new': () =>
        refuse
          ? ((refuse = false), new Failure(422, '_VALIDATION_FAILED', 'Check the fields.', { name: ['This name is already used.'] }))
          : new Reply({ ...DETAIL, uuid: 'new-list', name: 'Rooms' }, 'Created.'),
    });
    const { router } = await renderWithSession(<GlobalListsPage />, MANAGER);
    fireEvent.click((await screen.findAllByRole('button', { name: 'New global list' }))[0]);
    const dialog = await findDialog('New global list');
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'spare parts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This name is already used.')).toBeTruthy();
    expect(name.closest('.ant-form-item')?.textContent).toContain('This name is already used.');
    fireEvent.change(name, { target: { value: 'Rooms' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources/global-lists/new-list'));
    expect(calls.filter((c) => c.key === 'POST /api/resources/global-lists/new').map((c) => c.body)).toEqual([
      { name: 'spare parts' },
      { name: 'Rooms' },
    ]);
  });

  it('archives one after confirming, and a selection in bulk', async () => {
    const OTHER = { ...PARTS, uuid: 'l-2', id: 2, name: 'Rooms' };
    const calls = fakeApi({
      'GET /api/resources/global-lists': () => page([PARTS, OTHER]),
      'PUT /api/resources/global-lists/bulk-archive': ({ body }) => new Reply({ count: 'ids' in body ? body.ids.length : 0 }, 'Archived.'),
    });
    await renderWithSession(<GlobalListsPage />, MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Spare parts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/bulk-archive')?.body).toEqual({ ids: [PARTS.uuid] }),
    );

    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'PUT /api/resources/global-lists/bulk-archive').at(-1)?.body).toEqual({
        ids: [PARTS.uuid, 'l-2'],
      }),
    );
  });
});

describe('/resources/global-lists/archive', () => {
  const archived = { ...PARTS, archived_at: '2026-11-20T10:00:00.000Z' };

  it('restores every list matching the filter, then one, and deletes one for good once its name is typed', async () => {
    const calls = fakeApi({
      'GET /api/resources/global-lists/archive': () => page([archived], 30),
      'PUT /api/resources/global-lists/:id/restore': () => new Reply(DETAIL, 'Restored.'),
      'PUT /api/resources/global-lists/bulk-restore': () => new Reply({ count: 30 }, 'Restored.'),
      'DELETE /api/resources/global-lists/:id': () => new Reply(null, 'Deleted.'),
    });
    const { router } = await renderWithSession(<GlobalListArchivePage />, MANAGER);
    await router.navigate('/?filter[name][operator]=contains&filter[name][value]=part');
    // The filtered page loaded: the table is enabled again.
    await waitFor(() => expect(calls.at(-1)?.query.filter).toBeTruthy());
    await waitFor(() => expect(screen.getAllByRole('checkbox')[0]).toHaveProperty('disabled', false));
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/bulk-restore')?.body).toEqual({
        all: true,
        filter: { name: { operator: 'contains', value: 'part' } },
      }),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Restore Spare parts' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'PUT /api/resources/global-lists/:id/restore' && c.params.id === PARTS.uuid)).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Spare parts for good' }));
    const dialog = await findDialog('Delete the global list Spare parts and all its items for good?');
    fireEvent.change(within(dialog).getByLabelText('Type Spare parts to confirm'), { target: { value: 'Spare' } });
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Type Spare parts to confirm'), { target: { value: 'Spare parts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'DELETE /api/resources/global-lists/:id' && c.params.id === PARTS.uuid)).toBe(true),
    );
  });
});
