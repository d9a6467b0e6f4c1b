import type { AssetTypeDetail, AssetTypeField } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { AssetTypeDetailPage } from './AssetTypeDetailPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const SERIAL: AssetTypeField = {
  id: 'cf-1',
  key: 'f_serial',
  name: 'Serial',
  description: null,
  field_type: 'text',
  is_required: true,
  is_used: true,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: null,
};
const TYPE: AssetTypeDetail = {
  id: 't-1',
  name: 'Pumps',
  fields_count: 1,
  assets_count: 0,
  last_inspection_at: null,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  fields: [SERIAL],
};
const at = { path: '/assets/types/:uuid', entry: '/assets/types/t-1' };
const MANAGER = makeSession({ abilities: ['SST_VIEW_ASSET_TYPE', 'SST_MANAGE_ASSET_TYPE'] });

describe('/assets/types/:uuid', () => {
  it('saves the fields with the name, and refreshes the editor from the answer', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/:id': () => TYPE,
      'PUT /api/assets/types/:id': () => new Reply({ ...TYPE, fields: [{ ...SERIAL, is_used: false }] }, 'Saved.'),
    });
    await renderWithSession(<AssetTypeDetailPage />, MANAGER, at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pumps' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Serial' }));
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/assets/types/:id')).toBeTruthy());
    const put = calls.find((c) => c.key === 'PUT /api/assets/types/:id');
    expect(put?.params.id).toBe('t-1');
    expect(put?.body).toMatchObject({ name: 'Pumps', fields: [{ key: 'f_serial', is_used: false }] });
    // Refreshed from the answer: nothing left to save.
    expect(await screen.findByRole('button', { name: 'Use Serial again' })).toBeTruthy();
    // (by its text: the spinner that leaves the button stays in jsdom and joins its name)
    await waitFor(() => expect(screen.getByText('Save').closest('button')).toHaveProperty('disabled', true));
  });

  it('renames the type without touching its fields', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/:id': () => TYPE,
      'PUT /api/assets/types/:id': () => new Reply({ ...TYPE, name: 'Big pumps' }, 'Saved.'),
    });
    await renderWithSession(<AssetTypeDetailPage />, MANAGER, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await findDialog('Rename');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Big pumps' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/assets/types/:id')?.body).toEqual({ name: 'Big pumps', fields: [], order: {} }),
    );
  });

  it('shows an archived type read-only with a restore action', async () => {
    const calls = fakeApi({
      'GET /api/assets/types/:id': () => ({ ...TYPE, archived_at: '2026-11-20T10:00:00.000Z' }),
      'PUT /api/assets/types/:id/restore': () => new Reply(TYPE, 'Restored.'),
    });
    await renderWithSession(<AssetTypeDetailPage />, MANAGER, at);
    expect(await screen.findByText(/This asset type is archived/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Serial' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/assets/types/:id/restore' && c.params.id === 't-1')).toBe(true));
  });

  it('offers a viewer no change', async () => {
    fakeApi({ 'GET /api/assets/types/:id': () => TYPE });
    await renderWithSession(<AssetTypeDetailPage />, makeSession({ abilities: ['SST_VIEW_ASSET_TYPE'] }), at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pumps' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Serial' })).toHaveProperty('disabled', true);
  });
});
