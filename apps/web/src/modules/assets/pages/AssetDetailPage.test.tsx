import type { AssetDetail, AssetTypeField } from '@vigil/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { AssetDetailPage } from './AssetDetailPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const QTY: AssetTypeField = {
  id: 'cf-1',
  key: 'f_qty',
  name: 'Capacity',
  description: null,
  field_type: 'integer',
  is_required: false,
  is_used: true,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: null,
};
const ASSET: AssetDetail = {
  id: 'a-1',
  asset_id: 'P-001',
  display_name: 'Pump 1',
  type_id: 't-1',
  type_name: 'Pumps',
  fields: { f_qty: { value: 40 } },
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  type_fields: [QTY],
};
const at = { path: '/assets/:uuid', entry: '/assets/a-1' };
const MANAGER = makeSession({ abilities: ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET'] });

describe('/assets/:uuid', () => {
  it('shows the asset’s type and field values by name, and empty Reports and Issues tabs', async () => {
    fakeApi({ 'GET /api/assets/:id': () => ASSET });
    await renderWithSession(<AssetDetailPage />, makeSession({ abilities: ['SST_VIEW_ASSET'] }), at);
    expect(await screen.findByRole('heading', { level: 1, name: /Pump 1/ })).toBeTruthy();
    expect(screen.getByText('P-001')).toBeTruthy();
    expect(screen.getByText('Capacity')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('Pumps')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText('The inspections of this asset will appear here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Issues' }));
    expect(await screen.findByText('The issues raised on this asset will appear here.')).toBeTruthy();
  });

  it('archives the asset after confirming', async () => {
    const calls = fakeApi({
      'GET /api/assets/:id': () => ASSET,
      'PUT /api/assets/bulk-archive': () => new Reply({ count: 1 }, 'Archived.'),
    });
    await renderWithSession(<AssetDetailPage />, MANAGER, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/assets/bulk-archive')?.body).toEqual({ ids: ['a-1'] }));
  });

  it('shows an archived asset read-only, with restore', async () => {
    const calls = fakeApi({
      'GET /api/assets/:id': () => ({ ...ASSET, archived_at: '2026-11-20T10:00:00.000Z' }),
      'PUT /api/assets/:id/restore': () => new Reply(ASSET, 'Restored.'),
    });
    await renderWithSession(<AssetDetailPage />, MANAGER, at);
    expect(await screen.findByText(/This asset is archived/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/assets/:id/restore' && c.params.id === 'a-1')).toBe(true));
  });
});
