import type { SiteStructure } from '@vigil/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Failure, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { SiteStructurePage } from './SiteStructurePage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const node = { children: [], is_site: false, asset_id: null, columns: [], options: {}, asset: null };
const STRUCTURE: SiteStructure = {
  id: 's-1',
  title: 'Depots',
  nodes_count: 1,
  sites_count: 0,
  updated_at: '2026-11-01T10:00:00.000Z',
  structure: [{ ...node, id: 'root', title: 'France', parent_id: null }],
};
const PUMP = { id: '6f1c2a4e-0000-4000-8000-000000000001', asset_id: 'P-1', display_name: 'Pump', type_id: 't', type_name: 'Pumps' };
const at = { path: '/section/:id', entry: '/section/s-1' };
const MANAGER = makeSession({ abilities: ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET'] });

describe('/section/:id', () => {
  it('refuses empty titles and a site without its asset, then saves the whole tree', async () => {
    const calls = fakeApi({
      'GET /api/resources/sites/structures/:id': () => STRUCTURE,
      'GET /api/assets/search': () => [PUMP],
      'PUT /api/resources/sites/structures/:id': () => new Reply({ ...STRUCTURE, updated_at: '2026-11-02T10:00:00.000Z' }, 'Saved.'),
    });
    await renderWithSession(<SiteStructurePage />, MANAGER, at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Depots' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Add child node' }));
    fireEvent.click(screen.getByRole('switch', { name: 'This node is a site' }));
    fireEvent.click(save);
    expect(await screen.findByText('Please fill all node titles')).toBeTruthy();
    expect(screen.getByText('Please add asset')).toBeTruthy();
    expect(calls.some((call) => call.key === 'PUT /api/resources/sites/structures/:id')).toBe(false);

    fireEvent.change(screen.getByLabelText('Node title'), { target: { value: 'Dock 4' } });
    await act(() => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Asset' })));
    await act(async () => fireEvent.click(await screen.findByTitle('P-1 · Pump')));
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((call) => call.key === 'PUT /api/resources/sites/structures/:id')).toBeTruthy());
    const body = calls.find((call) => call.key === 'PUT /api/resources/sites/structures/:id')!.body as { structure: object[] };
    expect(body).toMatchObject({ title: 'Depots' });
    expect(body.structure).toEqual([
      expect.objectContaining({ id: 'root', title: 'France' }),
      expect.objectContaining({ parent_id: 'root', title: 'Dock 4', is_site: true, asset_id: PUMP.id }),
    ]);
    expect(body.structure[1]).not.toHaveProperty('asset');
  });

  it("shows the server's refusal beside the tree", async () => {
    fakeApi({
      'GET /api/resources/sites/structures/:id': () => STRUCTURE,
      'PUT /api/resources/sites/structures/:id': () =>
        new Failure(422, '_VALIDATION_FAILED', 'This asset is already a site of this structure.'),
    });
    await renderWithSession(<SiteStructurePage />, MANAGER, at);
    fireEvent.change(await screen.findByLabelText('Node title'), { target: { value: 'Francia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This asset is already a site of this structure.')).toBeTruthy();
  });

  it('is read-only for a member who may not manage assets', async () => {
    fakeApi({ 'GET /api/resources/sites/structures/:id': () => STRUCTURE });
    await renderWithSession(<SiteStructurePage />, makeSession({ abilities: ['SST_VIEW_ASSET'] }), at);
    expect(await screen.findByText(/changing it needs the right to manage assets/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add child node' })).toBeNull();
    expect(screen.getByLabelText('Node title')).toHaveProperty('disabled', true);
  });
});
