import type { Asset, AssetList, AssetTypeField, AssetTypeOption } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply, type FakeHandlers } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { AssetArchivePage, AssetListPage } from './AssetListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const TYPE_ID = '7d9f4e1a-0b7c-4c52-9d7e-3f1f0a6b2c11';
const field = (key: string, name: string, field_type: AssetTypeField['field_type'], is_required = false): AssetTypeField => ({
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
const SERIAL = field('f_serial', 'Serial', 'text', true);
const QTY = field('f_qty', 'Capacity', 'integer');
const PUMPS: AssetTypeOption = { id: TYPE_ID, name: 'Pumps', fields: [SERIAL, QTY] };
const PUMP: Asset = {
  id: 'a-1',
  asset_id: 'P-001',
  display_name: 'Pump 1',
  type_id: TYPE_ID,
  type_name: 'Pumps',
  fields: { f_serial: { value: 'S1' }, f_qty: { value: 40 } },
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const DETAIL = { ...PUMP, type_fields: [SERIAL, QTY] };

/** A page of assets; with a type, its fields; `total` beyond the rows for "select all matching". */
const page = (query: Record<string, unknown>, total = 1): AssetList => ({
  list: [PUMP],
  pagination: { total, limit: 25, current_page: 1, total_pages: Math.ceil(total / 25) },
  fields: query.type_id ? [SERIAL, QTY].map(({ key, name, field_type }) => ({ key, name, field_type })) : [],
});

function server(extra: FakeHandlers = {}) {
  return fakeApi({
    'GET /api/assets/list': ({ query }) => page(query),
    'GET /api/assets/types/all': () => [PUMPS],
    ...extra,
  });
}

const MANAGER = makeSession({ abilities: ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET', 'SST_VIEW_ARCHIVED_ASSETS', 'SST_VIEW_ASSET_TYPE'] });

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('/assets', () => {
  it('offers the import of the chosen type to a manager, with the type’s columns', async () => {
    const calls = server({
      'GET /api/assets/bulk-import/columns': () => [{ id: 'asset_id', title: 'Asset ID', required: true, field_type: null }],
    });
    await renderWithSession(<AssetListPage />, MANAGER);
    await screen.findByText('Pump 1');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    await chooseOption('Asset type', 'Pumps');
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await findDialog('Import into Pumps');
    expect(
      within(dialog)
        .getByRole('link', { name: /Download the CSV sample/ })
        .getAttribute('href'),
    ).toBe(`/api/assets/bulk-import/sample?type_id=${TYPE_ID}&format=csv`);
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'GET /api/assets/bulk-import/columns')?.query).toEqual({ type_id: TYPE_ID }),
    );
  });

  it('offers no import to a viewer, even with a type chosen', async () => {
    server();
    await renderWithSession(<AssetListPage />, makeSession({ abilities: ['SST_VIEW_ASSET'] }), {
      path: '/',
      entry: `/?type_id=${TYPE_ID}`,
    });
    expect(await screen.findByText('Pump 1')).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: /Capacity/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('lists assets read-only for a viewer', async () => {
    server();
    await renderWithSession(<AssetListPage />, makeSession({ abilities: ['SST_VIEW_ASSET'] }));
    expect(await screen.findByText('Pump 1')).toBeTruthy();
    expect(screen.getByText('P-001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New asset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Pump 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archived assets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Asset types' })).toBeNull();
  });

  it('shows one type’s assets with its fields as columns, keeping the type in the URL through the table’s changes', async () => {
    const calls = server();
    const { router } = await renderWithSession(<AssetListPage />, MANAGER);
    await screen.findByText('Pump 1');
    expect(screen.queryByRole('columnheader', { name: 'Capacity' })).toBeNull();
    await chooseOption('Asset type', 'Pumps');
    expect(await screen.findByRole('columnheader', { name: /Capacity/ })).toBeTruthy();
    expect(calls.at(-1)?.query.type_id).toBe(TYPE_ID);
    expect(new URLSearchParams(router.state.location.search).get('type_id')).toBe(TYPE_ID);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search assets' }), { target: { value: 'pump' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search assets' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ type_id: TYPE_ID, filter: { display_name: { operator: 'contains', value: 'pump' } } }),
    );
    expect(new URLSearchParams(router.state.location.search).get('type_id')).toBe(TYPE_ID);
  });

  it('creates an asset with its type’s fields, checked as the server checks them, and shows the server’s field errors on their inputs', async () => {
    let refuse = true;
    const calls = server({
      'POST /api/assets/new': () =>
        refuse
          ? ((refuse = false), new Failure(422, '_VALIDATION_FAILED', 'Check the fields.', { 'fields.f_serial.value': ['Already used.'] }))
          : new Reply(DETAIL, 'Created.'),
    });
    await renderWithSession(<AssetListPage />, MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'New asset' }));
    const dialog = await findDialog('New asset');
    await chooseOption('Type', 'Pumps');
    const serial = await within(dialog).findByLabelText('Serial');
    fireEvent.change(within(dialog).getByLabelText('Asset ID'), { target: { value: 'P-002' } });
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Pump 2' } });
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(within(dialog).getByText("Enter a value of the field's type.")).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/assets/new')).toBe(false);

    fireEvent.change(serial, { target: { value: 'S2' } });
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Already used.')).toBeTruthy();
    expect(serial.closest('.ant-form-item')?.textContent).toContain('Already used.');
    expect(calls.find((c) => c.key === 'POST /api/assets/new')?.body).toEqual({
      type_id: TYPE_ID,
      asset_id: 'P-002',
      display_name: 'Pump 2',
      fields: { f_serial: { value: 'S2' }, f_qty: { value: '12' } },
    });
    fireEvent.change(serial, { target: { value: 'S3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/assets/new')).toHaveLength(2));
  });

  it('archives one after confirming, and every asset matching the filter of the chosen type', async () => {
    const calls = server({
      'GET /api/assets/list': ({ query }) => page(query, 30),
      'PUT /api/assets/bulk-archive': () => new Reply({ count: 30 }, 'Archived.'),
    });
    const { router } = await renderWithSession(<AssetListPage />, MANAGER);
    await router.navigate(`/?type_id=${TYPE_ID}&filter[fields.f_qty][operator]=greater&filter[fields.f_qty][value]=10`);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Pump 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/assets/bulk-archive')?.body).toEqual({ ids: ['a-1'] }));

    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'PUT /api/assets/bulk-archive').at(-1)?.body).toEqual({
        all: true,
        filter: { 'fields.f_qty': { operator: 'greater', value: '10' } },
        type_id: TYPE_ID,
      }),
    );
  });
});

describe('/assets/archive', () => {
  it('restores one, and deletes one for good once its display name is typed', async () => {
    const archived = { ...PUMP, archived_at: '2026-11-20T10:00:00.000Z' };
    const calls = fakeApi({
      'GET /api/assets/archive': ({ query }) => ({ ...page(query), list: [archived] }),
      'GET /api/assets/types/all': () => [PUMPS],
      'PUT /api/assets/:id/restore': () => new Reply({ ...DETAIL }, 'Restored.'),
      'DELETE /api/assets/:id': () => new Reply(null, 'Deleted.'),
    });
    await renderWithSession(<AssetArchivePage />, MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Pump 1' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/assets/:id/restore' && c.params.id === 'a-1')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Pump 1 for good' }));
    const dialog = await findDialog('Delete the asset Pump 1 for good?');
    fireEvent.change(within(dialog).getByLabelText('Type Pump 1 to confirm'), { target: { value: 'P-001' } });
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Type Pump 1 to confirm'), { target: { value: 'Pump 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/assets/:id' && c.params.id === 'a-1')).toBe(true));
  });
});
