import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnswersSave, AnswersSaved, InspectionDetail } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, type FakeCall, type FakeHandlers } from '../../../test/fake-api.ts';
import { inspectionDetail } from '../../../test/inspection-fixtures.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { browserOutbox } from '../session/outbox.ts';
import { InspectionPage } from './InspectionPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const AUDITOR = makeSession({ abilities: ['INS_CONDUCT_INSPECTIONS', 'INS_VIEW_INSPECTION_LIST'] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Each test opens an inspection of its own: the outbox (IndexedDB) is shared by the file's tests.
let serial = 0;
function freshId(): string {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
}

const SAVED: AnswersSaved = {
  revision: 2,
  status: 'in_progress',
  score: 0,
  score_points: 0,
  max_points: 1,
  failed_count: 1,
  answered_count: 1,
  saved_at: '2026-11-01T10:31:00.000Z',
};

function server(detail: InspectionDetail, extra: FakeHandlers = {}) {
  return fakeApi({ 'GET /api/inspections/:id': () => detail, 'PUT /api/inspections/:id/answers': () => SAVED, ...extra });
}

const saves = (calls: FakeCall[]) =>
  calls.filter((call) => call.key === 'PUT /api/inspections/:id/answers').map((call) => call.body as AnswersSave);
const item = (id: string) => document.querySelector<HTMLElement>(`[data-testid="checklist-item"][data-item-id="${id}"]`);
const saveState = () => screen.getByTestId('inspection-save-state');

async function open(detail: InspectionDetail, session = AUDITOR) {
  const view = await renderWithSession(<InspectionPage />, session, { path: '/inspections/:id', entry: `/inspections/${detail.id}` });
  await screen.findByRole('heading', { level: 1, name: 'Forklift check' });
  return view;
}

const type = (id: string, text: string) => fireEvent.change(within(item(id)!).getByRole('textbox'), { target: { value: text } });
const number = (id: string, value: string) => fireEvent.change(within(item(id)!).getByRole('spinbutton'), { target: { value } });

async function finish() {
  const header = document.querySelector<HTMLElement>('.inspection-header')!;
  const before = document.querySelectorAll('.ant-modal-confirm-title').length;
  fireEvent.click(within(header).getByRole('button', { name: 'Finish' }));
  // The confirmation just opened (one closed before may linger in the document).
  await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title').length).toBeGreaterThan(before));
  const title = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-title')].at(-1)!;
  expect(title.textContent).toBe('Finish the inspection?');
  fireEvent.click(within(title.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Finish' }));
}

describe('/inspections/:id', () => {
  it('evaluates rules and calculations as the inspector answers, and saves one request per burst with its change id', async () => {
    const detail = inspectionDetail({ id: freshId(), status: 'todo' });
    const calls = server(detail);
    await open(detail);
    expect(saveState().textContent).toContain('All changes saved');
    expect(screen.getByTestId('inspection-status').textContent).toBe('To do');
    expect(item('describe')).toBeNull();
    fireEvent.click(within(item('damage')!).getByText('Yes'));
    expect(item('describe')).not.toBeNull();
    for (const text of ['A', 'Ad', 'Ada']) type('driver', text);
    number('load', '250');
    number('lifts', '4');
    expect(within(item('total')!).getByTestId('checklist-output').textContent).toContain('1000');
    expect(saveState().textContent).toContain('Saving…');

    await waitFor(() => expect(saveState().textContent).toContain('All changes saved'), { timeout: 5000 });
    // The first save started the inspection: the header says so without a reload.
    expect(screen.getByTestId('inspection-status').textContent).toBe('In progress');
    const [save, ...more] = saves(calls);
    expect(more).toEqual([]);
    expect(save.change_id).toMatch(UUID);
    expect(save.changes).toEqual([
      { key: 'damage', answer: { value: 'yes' } },
      { key: 'driver', answer: { value: 'Ada' } },
      { key: 'load', answer: { value: 250 } },
      { key: 'lifts', answer: { value: 4 } },
    ]);
  });

  it('keeps a save that got no answer on the device, says so, and sends it again with the same change id', async () => {
    const detail = inspectionDetail({ id: freshId() });
    let failures = 1;
    const calls = server(detail, {
      'PUT /api/inspections/:id/answers': () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return SAVED;
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(detail);
    type('driver', 'Grace');
    await waitFor(() => expect(saveState().textContent).toContain('Offline: changes kept on this device, retrying'), { timeout: 5000 });
    await waitFor(() => expect(saveState().textContent).toContain('All changes saved'), { timeout: 8000 });
    const [first, second] = saves(calls);
    expect(second).toEqual(first);
    expect(first.changes).toEqual([{ key: 'driver', answer: { value: 'Grace' } }]);
  });

  it('loses nothing on a reload: what was not saved is shown again from the outbox and sent with its change id', async () => {
    const detail = inspectionDetail({ id: freshId() });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = server(detail, {
      'PUT /api/inspections/:id/answers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const first = await open(detail);
    type('driver', 'Katherine');
    await waitFor(() => expect(saves(offline)).toHaveLength(1), { timeout: 5000 });
    first.unmount();

    const online = server(detail);
    await open(detail);
    expect(within(item('driver')!).getByRole('textbox')).toHaveProperty('value', 'Katherine');
    await waitFor(() => expect(saves(online)).toHaveLength(1), { timeout: 5000 });
    expect(saves(online)[0]).toEqual(saves(offline)[0]);
    await waitFor(() => expect(saveState().textContent).toContain('All changes saved'));
    await waitFor(async () => expect(await browserOutbox().entries(detail.id)).toEqual([]));
  });

  it('holds an answer that fails its question’s checks, and one the server refused, until it is changed', async () => {
    const detail = inspectionDetail({ id: freshId() });
    let refuse = true;
    const calls = server(detail, {
      'PUT /api/inspections/:id/answers': ({ body }) =>
        refuse && body.changes?.some((change) => change.key === 'driver')
          ? ((refuse = false),
            new Failure(422, 'INS_ANSWERS_REFUSED', 'Check the answers.', { 'answers.driver': ['This driver is not allowed.'] }))
          : SAVED,
    });
    await open(detail);
    number('load', '5000');
    await waitFor(() => expect(saveState().textContent).toContain('Not saved: fix the marked answers'), { timeout: 5000 });
    expect(saves(calls)).toEqual([]);
    number('load', '500');
    type('driver', 'Nobody');
    await waitFor(() => expect(saves(calls).length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    const [refused, retried] = saves(calls);
    expect(refused.changes?.map((change) => change.key)).toEqual(['load', 'driver']);
    // The others go again at once, under a new change id; the refused answer waits for a change.
    expect(retried.changes).toEqual([{ key: 'load', answer: { value: 500 } }]);
    expect(retried.change_id).not.toBe(refused.change_id);
    await waitFor(() => expect(saveState().textContent).toContain('Not saved: fix the marked answers'));

    type('driver', 'Ada');
    await waitFor(() => expect(saveState().textContent).toContain('All changes saved'), { timeout: 5000 });
    expect(saves(calls).at(-1)?.changes).toEqual([{ key: 'driver', answer: { value: 'Ada' } }]);
  });

  it('finishes only once saved: a missing required answer is counted, marked and brought to focus, then the inspection completes', async () => {
    const detail = inspectionDetail({ id: freshId() });
    let missing = true;
    const calls = server(detail, {
      'POST /api/inspections/:id/finish': () =>
        missing
          ? ((missing = false),
            new Failure(422, 'INS_ANSWERS_MISSING', 'Some required answers are missing.', { 'answers.driver': ['Field is required'] }))
          : { ...detail, status: 'completed', score: 100, failed_count: 0, completed_at: '2026-11-01T11:00:00.000Z' },
    });
    const { router } = await open(detail);
    fireEvent.click(within(item('damage')!).getByText('No'));
    await finish();
    expect(await screen.findByText('1 required answer is missing: it is marked below.')).toBeTruthy();
    // The answer given just before was saved first.
    const keys = calls.map((call) => call.key);
    expect(keys.indexOf('PUT /api/inspections/:id/answers')).toBeLessThan(keys.indexOf('POST /api/inspections/:id/finish'));
    await waitFor(() => expect(item('driver')!.contains(document.activeElement)).toBe(true));
    expect(within(item('driver')!).getByRole('alert').textContent).toContain('Field is required');

    type('driver', 'Ada');
    await finish();
    expect(await screen.findByText('Inspection completed')).toBeTruthy();
    expect(screen.getByTestId('inspection-result').textContent).toContain('Score 100 %');
    expect(screen.getByTestId('inspection-result').textContent).toContain('0 failed items');
    expect(saves(calls).at(-1)?.changes).toEqual([{ key: 'driver', answer: { value: 'Ada' } }]);
    expect(within(document.querySelector<HTMLElement>('.inspection-header')!).queryByRole('button', { name: 'Finish' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See the answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${detail.id}/view-report`));
  });

  it('shows a completed inspection read-only: no Finish, no save state, and nothing sent', async () => {
    const detail = inspectionDetail({
      id: freshId(),
      status: 'completed',
      completed_at: '2026-11-01T11:00:00.000Z',
      answers: { driver: { value: 'Ada' } },
    });
    const calls = server(detail);
    await open(detail);
    expect(screen.getByText(/The answers can no longer be changed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(screen.queryByTestId('inspection-save-state')).toBeNull();
    type('driver', 'Changed');
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(saves(calls)).toEqual([]);
  });

  it('shows an inspection the user may not answer read-only', async () => {
    const detail = inspectionDetail({ id: freshId(), can: { answer: false, manage: false } });
    server(detail);
    await open(detail, makeSession({ abilities: ['INS_VIEW_INSPECTION_REPORT'] }));
    expect(screen.getByText('You can read this inspection; only its auditor can answer it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
    // Without the list, back goes home.
    expect(screen.getByRole('link', { name: 'Back to the inspections' }).getAttribute('href')).toBe('/dashboard');
  });

  it('offers to discard what this device kept for an inspection that can no longer take it', async () => {
    const detail = inspectionDetail({ id: freshId(), status: 'completed', completed_at: '2026-11-01T11:00:00.000Z' });
    await browserOutbox().write(detail.id, {
      put: [
        {
          inspection_id: detail.id,
          change_id: '11111111-1111-4111-8111-111111111111',
          sealed: 1,
          created_at: 1,
          changes: [{ key: 'driver', answer: { value: 'Late' } }],
          instances: [],
        },
      ],
    });
    const calls = server(detail);
    await open(detail);
    expect(await screen.findByText('1 answer given on this device was not saved, and this inspection can no longer take it.')).toBeTruthy();
    // Not shown as an answer, and not sent.
    expect(within(item('driver')!).getByRole('textbox')).toHaveProperty('value', '');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await browserOutbox().entries(detail.id)).toEqual([]));
    expect(screen.queryByText(/was not saved/)).toBeNull();
    expect(saves(calls)).toEqual([]);
  });

  it('lets a manager correct a completed inspection, saying the changes go to the history, with the way back to its report', async () => {
    const detail = inspectionDetail({
      id: freshId(),
      status: 'completed',
      completed_at: '2026-11-01T11:00:00.000Z',
      answers: { driver: { value: 'Ada' } },
      can: { answer: true, manage: true },
    });
    const calls = server(detail);
    await open(detail, makeSession({ abilities: ['INS_MANAGE_INSPECTIONS'] }));
    expect(screen.getByText(/You may correct it: changes are recorded in the history/)).toBeTruthy();
    expect(within(document.querySelector<HTMLElement>('.inspection-header')!).queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the report' }).getAttribute('href')).toBe(`/inspections/${detail.id}/view-report`);
    type('driver', 'Grace');
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: 5000 });
    expect(saves(calls)[0].changes).toEqual([{ key: 'driver', answer: { value: 'Grace' } }]);
  });

  it('marks carried-over answers until they are confirmed one by one or all at once, or changed, saving each again', async () => {
    const detail = inspectionDetail({
      id: freshId(),
      status: 'todo',
      answers: {
        driver: { value: 'Ada', carried_over: true },
        load: { value: 300, carried_over: true },
        lifts: { value: 2, note: 'Two per hour', carried_over: true },
        remarks: { value: 'Fine' },
      },
    });
    const calls = server(detail);
    await open(detail);
    const marked = () =>
      [...document.querySelectorAll('[data-testid="carried-over"]')].map((badge) =>
        badge.closest('[data-testid="checklist-item"]')!.getAttribute('data-item-id'),
      );
    expect(marked()).toEqual(['load', 'lifts', 'driver']);
    expect(screen.getByTestId('carried-over-notice').textContent).toContain('3 answers were carried over from the last inspection');
    expect(within(item('load')!).getByText('Carried over — confirm or change')).toBeTruthy();

    fireEvent.click(within(item('driver')!).getByRole('button', { name: 'Confirm the carried-over answer to Driver' }));
    expect(marked()).toEqual(['load', 'lifts']);
    // Changing one confirms it too.
    number('load', '350');
    expect(marked()).toEqual(['lifts']);
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: 5000 });
    expect(saves(calls)[0].changes).toEqual([
      { key: 'driver', answer: { value: 'Ada' } },
      { key: 'load', answer: { value: 350 } },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm all carried-over answers' }));
    expect(marked()).toEqual([]);
    expect(screen.queryByTestId('carried-over-notice')).toBeNull();
    await waitFor(() => expect(saves(calls)).toHaveLength(2), { timeout: 5000 });
    expect(saves(calls)[1].changes).toEqual([{ key: 'lifts', answer: { value: 2, note: 'Two per hour' } }]);
  });
});
