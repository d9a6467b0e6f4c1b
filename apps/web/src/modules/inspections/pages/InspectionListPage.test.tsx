import type { Permission } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canOpenRoute } from '../../../app/access.ts';
import { defineAbilityFor } from '../../../lib/ability.ts';
import { fakeApi, Reply, type FakeHandlers } from '../../../test/fake-api.ts';
import { inspectionPage, inspectionRow } from '../../../test/inspection-fixtures.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { inspectionsRoutes } from '../routes.tsx';
import { InspectionArchivePage, InspectionListPage } from './InspectionListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const ROW = inspectionRow();
const MANAGER = makeSession({
  abilities: ['INS_VIEW_INSPECTION_LIST', 'INS_MANAGE_INSPECTIONS', 'INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_CONDUCT_INSPECTIONS'],
});
const AUDITOR = makeSession({ abilities: ['INS_CONDUCT_INSPECTIONS'] });

/** Answers the confirm dialog titled `title` with its button `button`. */
async function confirmIn(title: string, button: string) {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-confirm-title' });
  fireEvent.click(within(heading.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: button }));
}

function server(extra: FakeHandlers = {}) {
  return fakeApi({
    'GET /api/inspections/list': () => inspectionPage([ROW]),
    'GET /api/inspections/templates': () => [],
    ...extra,
  });
}

describe('/inspections', () => {
  it('lists inspections with their template, status, asset, auditor, score and failed items', async () => {
    server();
    await renderWithSession(<InspectionListPage />, MANAGER);
    const row = (await screen.findByText('Forklift check')).closest('tr')!;
    expect(within(row).getByText('#12')).toBeTruthy();
    expect(within(row).getByText('In progress')).toBeTruthy();
    expect(within(row).getByText('Forklift 3')).toBeTruthy();
    expect(within(row).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(row).getByText('50 %')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Continue #12 Forklift check' }).getAttribute('href')).toBe(`/inspections/${ROW.id}`);
    expect(screen.getByRole('button', { name: 'Start inspection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archived inspections' })).toBeTruthy();
  });

  it('invites an auditor to start one when there is none yet, and offers no archive or bulk actions', async () => {
    server({ 'GET /api/inspections/list': () => inspectionPage([]) });
    const { router } = await renderWithSession(<InspectionListPage />, AUDITOR);
    const invite = await screen.findByText('Nothing here yet.');
    const empty = invite.closest('.ant-empty')!;
    expect(screen.queryByRole('button', { name: 'Archived inspections' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(within(empty as HTMLElement).getByRole('button', { name: 'Start inspection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inspections/start'));
  });

  it('offers an auditor to open, not continue, an inspection of someone else', async () => {
    server({ 'GET /api/inspections/list': () => inspectionPage([inspectionRow({ auditor: { id: 'u-2', name: 'Grace Hopper' } })]) });
    await renderWithSession(<InspectionListPage />, AUDITOR);
    expect(await screen.findByRole('link', { name: 'Open #12 Forklift check' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive #12 Forklift check' })).toBeNull();
  });

  it('leads to the report of a completed inspection, by its row action and by a click on the row', async () => {
    const done = inspectionRow({ status: 'completed', completed_at: '2026-11-02T10:00:00.000Z' });
    server({ 'GET /api/inspections/list': () => inspectionPage([done]) });
    const { router } = await renderWithSession(<InspectionListPage />, AUDITOR);
    const link = await screen.findByRole('link', { name: 'View the report of #12 Forklift check' });
    expect(link.textContent).toBe('View report');
    expect(link.getAttribute('href')).toBe(`/inspections/${done.id}/view-report`);
    fireEvent.click(screen.getByText('Forklift check'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${done.id}/view-report`));
  });

  it('archives one after confirming, and deletes every inspection matching the filter with their count', async () => {
    const calls = server({
      'GET /api/inspections/list': () => inspectionPage([ROW], 30),
      'PUT /api/inspections/:id/archive': () => new Reply({ ...ROW, archived_at: '2026-11-02T10:00:00.000Z' }, 'Archived.'),
      'PUT /api/inspections/bulk-delete': () => new Reply({ count: 30 }, '30 inspections deleted.'),
    });
    const { router } = await renderWithSession(<InspectionListPage />, MANAGER);
    await router.navigate('/?filter[status][operator]=equals&filter[status][value]=completed');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive #12 Forklift check' }));
    await confirmIn('Archive the inspection #12 Forklift check? It can be restored from the archive.', 'Archive');
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/inspections/:id/archive' && c.params.id === ROW.id)).toBe(true));

    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Delete' }));
    await confirmIn('Delete 30 inspections for good?', 'Delete for good');
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/inspections/bulk-delete')?.body).toEqual({
        all: true,
        filter: { status: { operator: 'equals', value: 'completed' } },
        archived: false,
      }),
    );
  });

  it('archives a selection by ids, after confirming with its count', async () => {
    const calls = server({
      'GET /api/inspections/list': () => inspectionPage([ROW, inspectionRow({ id: 'i-2', number: 13 })]),
      'PUT /api/inspections/bulk-archive': () => ({ count: 2 }),
    });
    await renderWithSession(<InspectionListPage />, MANAGER);
    await screen.findByText('#13');
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Archive' }));
    await confirmIn('Archive 2 inspections? They can be restored from the archive.', 'Archive');
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/inspections/bulk-archive')?.body).toEqual({ ids: [ROW.id, 'i-2'] }));
    // The server said no count: the toast does.
    expect(await screen.findByText('2 inspections archived.')).toBeTruthy();
  });
});

describe('/inspections/archive', () => {
  const ARCHIVED = inspectionRow({
    status: 'completed',
    archived_at: '2026-11-20T10:00:00.000Z',
    completed_at: '2026-11-02T10:00:00.000Z',
  });

  it('restores one, restores all matching the filter, and deletes one for good after confirming', async () => {
    const calls = fakeApi({
      'GET /api/inspections/archive': () => inspectionPage([ARCHIVED], 40),
      'PUT /api/inspections/:id/restore': () => new Reply(ROW, 'Restored.'),
      'PUT /api/inspections/bulk-restore': () => new Reply({ count: 40 }, '40 inspections restored.'),
      'DELETE /api/inspections/:id': () => new Reply(null, 'Deleted.'),
    });
    const { router } = await renderWithSession(<InspectionArchivePage />, MANAGER);
    await router.navigate('/?filter[search][operator]=contains&filter[search][value]=fork');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore #12 Forklift check' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/inspections/:id/restore' && c.params.id === ARCHIVED.id)).toBe(true));
    // The list reloads after the change (the first load, the filtered one, then this): its rows are chosen once it has.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/inspections/archive')).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByRole('checkbox')[0]).toHaveProperty('disabled', false));
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 40 items matching the filter' }));
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/inspections/bulk-restore')?.body).toEqual({
        all: true,
        filter: { search: { operator: 'contains', value: 'fork' } },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete #12 Forklift check for good' }));
    await confirmIn('Delete the inspection #12 Forklift check for good?', 'Delete for good');
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/inspections/:id' && c.params.id === ARCHIVED.id)).toBe(true));
  });

  it('deletes a selection from the archive as archived ones', async () => {
    const calls = fakeApi({
      'GET /api/inspections/archive': () => inspectionPage([ARCHIVED]),
      'PUT /api/inspections/bulk-delete': () => new Reply({ count: 1 }, '1 inspection deleted.'),
    });
    await renderWithSession(<InspectionArchivePage />, MANAGER);
    await screen.findByText('Forklift check');
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Delete' }));
    await confirmIn('Delete 1 inspection for good?', 'Delete for good');
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/inspections/bulk-delete')?.body).toEqual({ ids: [ARCHIVED.id], archived: true }),
    );
  });
});

describe('the inspections routes', () => {
  const opens = (abilities: Permission[]) => {
    const session = makeSession({ abilities });
    const ability = defineAbilityFor(abilities);
    return inspectionsRoutes.filter((route) => !route.open && canOpenRoute(route, session, ability)).map((route) => route.id);
  };

  it('are hidden without an inspection permission', () => {
    expect(opens([])).toEqual([]);
    expect(opens(['SST_VIEW_ASSET', 'CKL_MANAGE_TEMPLATES'])).toEqual([]);
  });

  it('open to each code what it allows', () => {
    expect(opens(['INS_CONDUCT_INSPECTIONS'])).toEqual(['inspections', 'inspection_start', 'inspection', 'inspection_report']);
    expect(opens(['INS_VIEW_INSPECTION_LIST'])).toEqual(['inspections']);
    expect(opens(['INS_VIEW_INSPECTION_REPORT'])).toEqual(['inspection', 'inspection_report']);
    expect(opens(['INS_VIEW_ARCHIVED_INSPECTIONS'])).toEqual(['inspections_archive', 'inspection', 'inspection_report']);
    expect(opens(['INS_MANAGE_INSPECTIONS'])).toEqual([
      'inspections',
      'inspections_archive',
      'inspection_start',
      'inspection',
      'inspection_report',
    ]);
  });

  it('open the shared report to anyone, signed in or not', () => {
    const shared = inspectionsRoutes.find((route) => route.id === 'shared_report')!;
    expect(shared).toMatchObject({ path: '/shared/inspections/:token', layout: 'blank', open: true });
    expect(shared.permissions).toBeUndefined();
  });
});
