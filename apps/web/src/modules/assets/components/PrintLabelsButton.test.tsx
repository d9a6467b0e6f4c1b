import type { AssetList } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { AssetDetailPage } from '../pages/AssetDetailPage.tsx';
import { AssetListPage } from '../pages/AssetListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
const TYPE_ID = '7d9f4e1a-0b7c-4c52-9d7e-3f1f0a6b2c11';
const PUMP = {
  id: 'a-1',
  asset_id: 'P-001',
  display_name: 'Pump 1',
  type_id: TYPE_ID,
  type_name: 'Pumps',
  fields: {},
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const page = (total: number): AssetList => ({
  list: [PUMP],
  pagination: { total, limit: 25, current_page: 1, total_pages: Math.ceil(total / 25) },
  fields: [],
});
const VIEWER = makeSession({ abilities: ['SST_VIEW_ASSET'] });

let saved: { href: string; download: string }[];
let posted: { url: string; init?: RequestInit }[];
beforeEach(() => {
  setScreenWide(true);
  saved = [];
  posted = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenWide(false);
});

/** The list's and the asset's calls faked; the labels call answers `labels`. */
function server(total: number, labels: () => Response) {
  fakeApi({
    'GET /api/assets/list': () => page(total),
    'GET /api/assets/types/all': () => [],
    'GET /api/assets/:id': () => ({ ...PUMP, type_fields: [] }),
  });
  const faked = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/assets/labels') return faked(input, init);
    posted.push({ url: String(input), init });
    return Promise.resolve(labels());
  });
}

const pdf = () =>
  new Response('%PDF-1.3', {
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="asset-labels.pdf"' },
  });

describe('Print QR labels', () => {
  it('lets a viewer download the labels of the chosen assets, then of every asset matching the filter', async () => {
    server(30, pdf);
    await renderWithSession(<AssetListPage />, VIEWER);
    expect(await screen.findByText('Pump 1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: /Print QR labels/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:labels', download: 'asset-labels.pdf' }]));
    expect(posted[0].init?.method).toBe('POST');
    expect(posted[0].init?.credentials).toBe('include');
    expect(JSON.parse(String(posted[0].init?.body))).toEqual({ ids: ['a-1'] });
    // Only the viewer's own action: archiving stays the managers'.
    expect(within(screen.getByRole('status')).queryByRole('button', { name: 'Archive' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: /Print QR labels/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(JSON.parse(String(posted[1].init?.body))).toEqual({ all: true, filter: {} });
  });

  it('shows the server’s message when the sheet is refused, and saves nothing', async () => {
    server(1, () => Response.json({ code: '_VALIDATION_FAILED', message: 'A sheet holds at most 1000 labels.' }, { status: 422 }));
    await renderWithSession(<AssetListPage />, VIEWER);
    expect(await screen.findByText('Pump 1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: /Print QR labels/ }));
    expect(await screen.findByText('A sheet holds at most 1000 labels.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('prints the label of one asset from its page', async () => {
    server(1, pdf);
    await renderWithSession(<AssetDetailPage />, VIEWER, { path: '/assets/:uuid', entry: '/assets/a-1' });
    fireEvent.click(await screen.findByRole('button', { name: /QR label/ }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:labels', download: 'asset-labels.pdf' }]));
    expect(JSON.parse(String(posted[0].init?.body))).toEqual({ ids: ['a-1'] });
  });
});
