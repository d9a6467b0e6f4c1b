import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Inspection, StartableTemplate } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { inspectionDetail, inspectionRow } from '../../../test/inspection-fixtures.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { StartInspectionPage } from './StartInspectionPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const template = (id: string, title: string, contains_asset = false): StartableTemplate => ({
  id,
  title,
  version: 3,
  version_id: `v-${id}`,
  published_at: '2026-10-01T10:00:00.000Z',
  contains_asset,
});
const FORKLIFT = template('8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'Forklift check', true);
const FIRE_DOORS = template('7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'Fire doors');
const AUDITOR = makeSession({ abilities: ['INS_CONDUCT_INSPECTIONS', 'SST_VIEW_ASSET'] });
const STARTED = inspectionDetail({ id: '6c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f' });

function server(prefill: Inspection | null = null) {
  return fakeApi({
    'GET /api/inspections/prefill': () => prefill,
    'GET /api/inspections/templates': ({ query }) =>
      [FORKLIFT, FIRE_DOORS].filter((entry) => !query.q || entry.title.toLowerCase().includes(String(query.q).toLowerCase())),
    'GET /api/assets/search': () => [{ id: 'a-1', asset_id: 'FL-3', display_name: 'Forklift 3', type_id: 't-1', type_name: 'Forklifts' }],
    'POST /api/inspections/new': () => new Reply(STARTED, 'Inspection started.'),
  });
}

describe('/inspections/start', () => {
  it('lists the templates that may be started and searches them 300 ms after the last key', async () => {
    const calls = server();
    await renderWithSession(<StartInspectionPage />, AUDITOR);
    expect(await screen.findByText('Fire doors')).toBeTruthy();
    expect(screen.getByText('Forklift check')).toBeTruthy();
    expect(screen.getByText('Asks for an asset')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'f' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'fire' } });
    await waitFor(() => expect(screen.queryByText('Forklift check')).toBeNull());
    expect(screen.getByText('Fire doors')).toBeTruthy();
    const searches = calls.filter((call) => call.key === 'GET /api/inspections/templates').map((call) => call.query.q);
    expect(searches).toEqual([undefined, 'fire']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'boiler' } });
    expect(await screen.findByText('No template matches “boiler”.')).toBeTruthy();
  });

  it('starts a template that asks for nothing and opens the new inspection', async () => {
    const calls = server();
    const { router } = await renderWithSession(<StartInspectionPage />, AUDITOR);
    fireEvent.click(await screen.findByRole('button', { name: 'Start Fire doors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${STARTED.id}`));
    expect(calls.find((call) => call.key === 'POST /api/inspections/new')?.body).toEqual({ template_id: FIRE_DOORS.id });
  });

  it('asks which asset a template inspects, or starts it without', async () => {
    const calls = server();
    const { router } = await renderWithSession(<StartInspectionPage />, AUDITOR);
    fireEvent.click(await screen.findByRole('button', { name: 'Start Forklift check' }));
    const dialog = await findDialog('Start Forklift check');
    expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('FL-3 · Forklift 3'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${STARTED.id}`));
    expect(calls.find((call) => call.key === 'POST /api/inspections/new')?.body).toEqual({ template_id: FORKLIFT.id, asset_id: 'a-1' });
  });

  it('offers to copy the answers of the last completed inspection on the chosen asset, and starts with prefill when asked', async () => {
    const last = inspectionRow({ number: 9, status: 'completed', completed_at: '2026-11-02T10:00:00.000Z' });
    const calls = server(last);
    const { router } = await renderWithSession(<StartInspectionPage />, AUDITOR);
    fireEvent.click(await screen.findByRole('button', { name: 'Start Forklift check' }));
    const dialog = await findDialog('Start Forklift check');
    expect(within(dialog).queryByTestId('prefill-offer')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('FL-3 · Forklift 3'));
    const offer = await within(dialog).findByRole('checkbox', { name: 'Copy answers from inspection #9 (Nov 2, 2026)' });
    expect(calls.find((call) => call.key === 'GET /api/inspections/prefill')?.query).toEqual({ template_id: FORKLIFT.id, asset_id: 'a-1' });
    expect(offer).toHaveProperty('checked', false);
    fireEvent.click(offer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${STARTED.id}`));
    expect(calls.find((call) => call.key === 'POST /api/inspections/new')?.body).toEqual({
      template_id: FORKLIFT.id,
      asset_id: 'a-1',
      prefill: true,
    });
  });

  it('starts a template that asks for an asset without one when the user cannot see assets', async () => {
    const calls = server();
    await renderWithSession(<StartInspectionPage />, makeSession({ abilities: ['INS_CONDUCT_INSPECTIONS'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start Forklift check' }));
    await waitFor(() => expect(calls.find((call) => call.key === 'POST /api/inspections/new')?.body).toEqual({ template_id: FORKLIFT.id }));
  });

  it('says there is nothing to start yet, with the way to the templates for who may build them', async () => {
    fakeApi({ 'GET /api/inspections/templates': () => [] });
    await renderWithSession(<StartInspectionPage />, makeSession({ abilities: ['INS_CONDUCT_INSPECTIONS', 'CKL_MANAGE_TEMPLATES'] }));
    expect(await screen.findByText(/No published template to start yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the templates' }).getAttribute('href')).toBe('/checklist/templates');
  });
});
