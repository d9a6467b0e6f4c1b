import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryEntry, PdfJob, Share } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply, type FakeHandlers } from '../../../test/fake-api.ts';
import { inspectionReport } from '../../../test/inspection-fixtures.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { InspectionReportPage } from './InspectionReportPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const REPORT = inspectionReport();
const ID = REPORT.inspection.id;
const READER = makeSession({ abilities: ['INS_VIEW_INSPECTION_REPORT', 'INS_VIEW_INSPECTION_LIST'] });
const MANAGER = makeSession({ abilities: ['INS_MANAGE_INSPECTIONS'] });

function server(extra: FakeHandlers = {}) {
  return fakeApi({ 'GET /api/inspections/:id/report': () => REPORT, ...extra });
}

async function open(session = READER) {
  const view = await renderWithSession(<InspectionReportPage />, session, {
    path: '/inspections/:id/view-report',
    entry: `/inspections/${ID}/view-report`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Forklift check' });
  return view;
}

const row = (key: string) => document.querySelector<HTMLElement>(`[data-testid="report-answer"][data-key="${key}"]`);
const keysShown = () => [...document.querySelectorAll('[data-testid="report-answer"]')].map((element) => element.getAttribute('data-key'));

describe('/inspections/:id/view-report', () => {
  it('heads the report with the branding, the score and the failed items, then every shown answer by page and section', async () => {
    server();
    await open();
    const branding = screen.getByTestId('report-branding');
    expect(branding.textContent).toContain('Northwind Logistics');
    expect(branding.querySelector('img')?.getAttribute('src')).toBe('/storage/w/logo.png');
    expect(screen.getByTestId('report-score').textContent).toContain('50 %');
    expect(screen.getByTestId('report-score').textContent).toContain('1 / 2 points');
    expect(screen.getByTestId('report-failed-count').textContent).toContain('1');
    expect(screen.getByTestId('report-header').textContent).toContain('FL-3 · Forklift 3');

    // Failed up front, before the answers, with its answer and note.
    const failed = screen.getByTestId('report-failed');
    expect(failed.textContent).toContain('1 failed item');
    expect(within(failed).getByTestId('report-failed-item').textContent).toMatch(/Damage found\?.*No.*Scratch on the mast/);
    expect(failed.compareDocumentPosition(screen.getByTestId('report-answers')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The hidden question is not there; the rest in document order, the section's answers inside it.
    expect(keysShown()).toEqual(['damage', 'load', 'lights', 'total', 'photo', 'sign', 'where', 'inspector', 'remarks', 'when']);
    expect(screen.queryByText('Describe the damage')).toBeNull();
    const cab = document.querySelector<HTMLElement>('[data-testid="report-section"][data-key="cab"]')!;
    expect(within(cab).getByRole('button', { name: 'Cab' }).getAttribute('aria-expanded')).toBe('true');
    expect(cab.contains(row('load'))).toBe(true);
    expect(row('damage')!.getAttribute('data-failed')).toBe('true');
    expect(within(row('damage')!).getByText('Failed')).toBeTruthy();
    expect(within(row('damage')!).getByText('0 / 1 points')).toBeTruthy();
    expect(within(row('damage')!).getByTestId('report-choice').textContent).toBe('No');
    expect(within(row('lights')!).getByTestId('report-choice').textContent).toBe('OK');
    expect(row('load')!.textContent).toContain('250 kg');
    expect(within(row('load')!).getByTestId('report-carried-over').textContent).toBe('Carried over, not confirmed');
    expect(screen.getByText(/1 answer was carried over from an earlier inspection/)).toBeTruthy();
    expect(row('total')!.textContent).toContain('1,000');
    expect(row('inspector')!.textContent).toContain('Grace Hopper');
    expect(row('when')!.textContent).toContain('Dec 1, 2026, 8:00 AM');
    expect(row('remarks')!.textContent).toContain('All good\nsee you next week');
  });

  it('shows photos as thumbnails that open full size, the note, the signature and the location with its accuracy and a map link', async () => {
    server();
    await open();
    const damage = row('damage')!;
    expect(within(damage).getByTestId('report-note').textContent).toContain('Scratch on the mast');
    const picture = within(damage).getByRole('img', { name: 'Picture 1 of 1: Damage found?' });
    // The server's small copy on the page; the picture itself in the preview.
    expect(picture.getAttribute('src')).toBe('/storage/w/f-1.jpg?size=thumb');
    fireEvent.click(picture);
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('/storage/w/f-1.jpg'));
    expect(within(row('photo')!).getByRole('img', { name: 'Picture 1 of 1: Overview photo' }).getAttribute('src')).toBe(
      '/storage/w/f-2.jpg?size=thumb',
    );

    const signature = within(row('sign')!).getByTestId('report-signature');
    expect(within(signature).getByRole('img', { name: 'Signature of Ada Lovelace' }).getAttribute('src')).toBe('/storage/w/f-3.png');
    expect(signature.textContent).toContain('Signed by Ada Lovelace');
    const location = within(row('where')!).getByTestId('report-location');
    expect(location.textContent).toContain('52.52, 13.405 (± 12 m) · Dock 4, Berlin');
    expect(within(location).getByRole('link', { name: 'Open in a map' }).getAttribute('href')).toContain('mlat=52.52&mlon=13.405');
  });

  it('collapses and expands every page and section at once, and a failed item unfolds what holds it', async () => {
    server();
    await open();
    const toggles = () => screen.getAllByRole('button', { expanded: true, name: /^(Checks|Cab|Sign-off)$/ });
    expect(toggles()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    for (const name of ['Checks', 'Cab', 'Sign-off']) {
      expect(screen.getByRole('button', { name, hidden: true }).getAttribute('aria-expanded')).toBe('false');
    }
    expect(row('damage')!.closest('[hidden]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(toggles()).toHaveLength(3);
    expect(row('damage')!.closest('[hidden]')).toBeNull();

    // One section folded by its title, then the failed item leads back to its answer.
    fireEvent.click(screen.getByRole('button', { name: 'Checks' }));
    expect(row('damage')!.closest('[hidden]')).not.toBeNull();
    fireEvent.click(within(screen.getByTestId('report-failed')).getByRole('link', { name: 'Damage found?' }));
    expect(row('damage')!.closest('[hidden]')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(row('damage')));
  });

  it('shows the history of edits after completion: who, when, and each answer’s old and new value', async () => {
    const entry = (id: string, key: string, before: HistoryEntry['before'], after: HistoryEntry['after'], revision = 9): HistoryEntry => ({
      id,
      key,
      item_id: key,
      instance_id: null,
      before,
      after,
      changed_by: { id: 'u-9', name: 'Mary Manager' },
      changed_at: '2026-11-03T09:00:00.000Z',
      revision,
    });
    server({
      'GET /api/inspections/:id/report': () => ({ ...REPORT, edited_after_completion: true }),
      'GET /api/inspections/:id/history': () => ({
        list: [
          entry('h-1', 'damage', { value: 'yes' }, { value: 'no', note: 'Scratch on the mast' }),
          entry('h-2', 'load', { value: 200 }, { value: 250 }),
          entry('h-3', 'photo', null, { value: [{ id: 'f-2', url: '/storage/w/f-2.jpg', name: 'overview.jpg' }] }),
          entry('h-4', 'when', { value: '2026-11-20T08:00:00' }, null),
          entry('h-5', 'inspector', { value: { id: 'u-1', name: 'Ada Lovelace' } }, { value: { id: 'u-2', name: 'Grace Hopper' } }, 8),
        ],
        pagination: { total: 5, limit: 50, current_page: 1, total_pages: 1 },
      }),
    });
    await open();
    const history = await screen.findByTestId('report-history');
    const edits = await within(history).findAllByTestId('history-edit');
    expect(edits).toHaveLength(2);
    expect(edits[0].textContent).toContain('Mary Manager');
    const changes = within(edits[0])
      .getAllByTestId('history-change')
      .map((change) => change.textContent);
    expect(changes[0]).toMatch(/Damage found\?.*Before:.*Yes.*After:.*No/);
    expect(changes[0]).toContain('Note: Before:No answerAfter:Scratch on the mast');
    expect(changes[1]).toMatch(/Load.*200 kg.*250 kg/);
    expect(changes[2]).toMatch(/Overview photo.*No answer.*overview\.jpg/);
    expect(changes[3]).toMatch(/Next service.*Nov 20, 2026, 8:00 AM.*No answer/);
    expect(within(edits[1]).getByTestId('history-change').textContent).toMatch(/Supervisor.*Ada Lovelace.*Grace Hopper/);
    // The choice keeps its colour beside its label.
    expect(
      within(edits[0])
        .getAllByTestId('report-choice')
        .map((choice) => choice.textContent),
    ).toEqual(['Yes', 'No']);
  });

  it('lets a manager make a share link, shown once to copy, and revoke one after confirming', async () => {
    let shares: Share[] = [
      {
        id: '11111111-1111-4111-8111-111111111111',
        status: 'active',
        created_at: '2026-11-02T09:00:00.000Z',
        created_by: { id: 'u-9', name: 'Mary Manager' },
        expires_at: null,
        revoked_at: null,
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        status: 'expired',
        created_at: '2026-10-02T09:00:00.000Z',
        created_by: null,
        expires_at: '2026-10-09T09:00:00.000Z',
        revoked_at: null,
      },
    ];
    const made = {
      ...shares[0],
      id: '33333333-3333-4333-8333-333333333333',
      token: 'T0KEN',
      url: 'https://vigil.example/shared/inspections/T0KEN',
    };
    const calls = server({
      'GET /api/inspections/:id/shares': () => shares,
      'POST /api/inspections/:id/shares': () => {
        shares = [{ ...made }, ...shares];
        return new Reply(made, 'Share link created.');
      },
      'DELETE /api/inspections/:id/shares/:shareId': ({ params }) => {
        shares = shares.map((share) =>
          share.id === params.shareId ? { ...share, status: 'revoked', revoked_at: '2026-11-04T09:00:00.000Z' } : share,
        );
        return new Reply(
          shares.find((share) => share.id === params.shareId)!,
          'Share link revoked.',
        );
      },
    });
    await open(MANAGER);
    const panel = screen.getByTestId('report-shares');
    await waitFor(() => expect(within(panel).getAllByTestId('share-row')).toHaveLength(2));
    expect(
      within(panel)
        .getAllByTestId('share-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Active', 'Expired']);
    expect(within(panel).getAllByTestId('share-row')[0].textContent).toContain('Works until revoked');

    // A link for 7 days.
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Link works' }));
    fireEvent.click(await screen.findByTitle('For 7 days'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Create link' }));
    const dialog = await findDialog('Share link created');
    expect(within(dialog).getByTestId('share-url').textContent).toContain('https://vigil.example/shared/inspections/T0KEN');
    expect(within(dialog).getByText('Copy the link now: it is shown only this once.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the link' })).toBeTruthy();
    const body = calls.find((call) => call.key === 'POST /api/inspections/:id/shares')!.body as { expires_at: string };
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(panel).getAllByTestId('share-row')).toHaveLength(3));
    // The list never shows a token.
    expect(panel.textContent).not.toContain('T0KEN');

    const revokeButtons = within(panel).getAllByRole('button', { name: /^Revoke the link created/ });
    fireEvent.click(revokeButtons[1]);
    const confirm = (await screen.findAllByText('Revoke this link?', { selector: '.ant-modal-confirm-title' })).at(-1)!;
    expect(calls.some((call) => call.key === 'DELETE /api/inspections/:id/shares/:shareId')).toBe(false);
    fireEvent.click(within(confirm.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'DELETE /api/inspections/:id/shares/:shareId')?.params.shareId).toBe(shares[1].id),
    );
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('share-status')
          .map((tag) => tag.textContent),
      ).toEqual(['Active', 'Revoked', 'Expired']),
    );
  });

  it('offers no share links nor editing to a reader of reports', async () => {
    server();
    await open();
    expect(screen.queryByTestId('report-shares')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTestId('report-history')).toBeNull();
  });

  it('opens a completed inspection for a manager to edit', async () => {
    server({ 'GET /api/inspections/:id/shares': () => [] });
    const { router } = await open(MANAGER);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inspections/${ID}`));
  });

  it('exports the PDF: its progress step by step, then the download', async () => {
    const job = (patch: Partial<PdfJob>): PdfJob => ({
      job_id: '44444444-4444-4444-8444-444444444444',
      status: 'queued',
      step: 'queued',
      progress: 0,
      failure: null,
      message: null,
      revision: 7,
      file: null,
      created_at: '2026-11-04T09:00:00.000Z',
      finished_at: null,
      expires_at: '2026-11-05T09:00:00.000Z',
      ...patch,
    });
    const polls = [
      job({ status: 'running', step: 'rendering', progress: 0.6 }),
      job({ status: 'completed', step: 'done', progress: 1, file: { name: 'Forklift check #12.pdf', size: 1000 } }),
    ];
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = server({
      'POST /api/inspections/:id/pdf': () => job({}),
      'GET /api/inspections/pdf/:jobId': () => polls.shift() ?? polls[0],
      'GET /api/inspections/pdf/:jobId/file': () => new Blob(['%PDF-'], { type: 'application/pdf' }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('Waiting to be printed…')).toBeTruthy();
    expect(await screen.findByText('Printing the PDF…', {}, { timeout: 4000 })).toBeTruthy();
    const download = await screen.findByTestId('report-pdf-download', {}, { timeout: 4000 });
    expect(download.textContent).toContain('Download Forklift check #12.pdf');
    expect(download.getAttribute('href')).toBe('/api/inspections/pdf/44444444-4444-4444-8444-444444444444/file');
    await waitFor(() => expect(calls.some((call) => call.key === 'GET /api/inspections/pdf/:jobId/file')).toBe(true));
    expect(createObjectURL).toHaveBeenCalled();
    const started = calls.find((call) => call.key === 'POST /api/inspections/:id/pdf')!;
    expect(started.params.id).toBe(ID);
    expect(started.body).toEqual({ time_zone: expect.any(String) });
  });

  it('says in the server’s words when PDFs cannot be made (Chromium missing), and when too many are on their way', async () => {
    let busy = false;
    server({
      'POST /api/inspections/:id/pdf': () =>
        busy
          ? new Failure(429, 'INS_PDF_BUSY', 'Three PDFs are already on their way. Wait for one to finish.')
          : {
              job_id: '55555555-5555-4555-8555-555555555555',
              status: 'failed',
              step: 'queued',
              progress: 0,
              failure: 'inspections.pdf_unavailable',
              message: 'PDFs cannot be made on this server: Chromium is not installed.',
              revision: 7,
              file: null,
              created_at: '2026-11-04T09:00:00.000Z',
              finished_at: '2026-11-04T09:00:00.000Z',
              expires_at: '2026-11-05T09:00:00.000Z',
            },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect((await screen.findByTestId('report-pdf-failed')).textContent).toContain(
      'PDFs cannot be made on this server: Chromium is not installed.',
    );
    busy = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(screen.getByTestId('report-pdf-failed').textContent).toContain('Three PDFs are already on their way.'));
  });
});
