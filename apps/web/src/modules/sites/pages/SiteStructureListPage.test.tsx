import type { SiteStructure, SiteStructureSummary } from '@vigil/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { SiteStructureListPage } from './SiteStructureListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const DEPOTS: SiteStructureSummary = { id: 's-1', title: 'Depots', nodes_count: 3, sites_count: 1, updated_at: '2026-11-01T10:00:00.000Z' };
const at = { path: '/manage/sections', entry: '/manage/sections' };

describe('/manage/sections', () => {
  it('creates a structure starting with a root node of its name, and deletes one after confirming', async () => {
    const calls = fakeApi({
      'GET /api/resources/sites/structures/all': () => [DEPOTS],
      'POST /api/resources/sites/structures/new': () =>
        new Reply<SiteStructure>({ ...DEPOTS, id: 's-2', title: 'Yards', nodes_count: 1, sites_count: 0, structure: [] }, 'Created.'),
      'DELETE /api/resources/sites/structures/:id': () => new Reply(null, 'Deleted.'),
    });
    await renderWithSession(<SiteStructureListPage />, makeSession({ abilities: ['SST_MANAGE_ASSET'] }), at);
    expect(await screen.findByText('Depots')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New site structure' }));
    const dialog = await findDialog('New site structure');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'Yards' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((call) => call.key === 'POST /api/resources/sites/structures/new')).toBeTruthy());
    expect(calls.find((call) => call.key === 'POST /api/resources/sites/structures/new')!.body).toMatchObject({
      title: 'Yards',
      structure: [{ title: 'Yards', parent_id: null, is_site: false }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Depots' }));
    await findDialog('Delete Depots?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(calls.find((call) => call.key === 'DELETE /api/resources/sites/structures/:id')?.params.id).toBe('s-1'));
  });

  it('offers neither creation nor deletion to a member who may only look', async () => {
    fakeApi({ 'GET /api/resources/sites/structures/all': () => [] });
    await renderWithSession(<SiteStructureListPage />, makeSession({ abilities: ['SST_VIEW_ASSET'] }), at);
    expect(await screen.findByText('No site structure yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New site structure' })).toBeNull();
  });
});
