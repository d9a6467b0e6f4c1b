import { fireEvent, screen, waitFor } from '@testing-library/react';
import { REPORT_READY_ATTRIBUTE } from '@vigil/contracts';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { Failure, fakeApi } from '../../../test/fake-api.ts';
import { inspectionReport } from '../../../test/inspection-fixtures.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { SharedReportPage } from './SharedReportPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(async () => {
  vi.unstubAllGlobals();
  setScreenWide(false);
  if (i18next.language !== 'en') await changeLanguage('en');
});

const TOKEN = 'A'.repeat(65);
// A share names people without their ids, and its files go through the link.
const SHARED = inspectionReport({
  branding: { display_name: 'Northwind Logistics', logo_url: null },
  answers: {
    ...inspectionReport().answers,
    inspector: { value: { name: 'Grace Hopper' }, answered_by: 'Ada Lovelace' },
    photo: {
      value: [{ id: 'f-2', url: `/api/shared/inspections/${TOKEN}/media/f-2`, name: 'overview.jpg', mime: 'image/jpeg' }],
      answered_by: null,
    },
  },
});

const open = (query = '') =>
  renderWithSession(<SharedReportPage />, null, { path: '/shared/inspections/:token', entry: `/shared/inspections/${TOKEN}${query}` });
const ready = () => document.documentElement.getAttribute(REPORT_READY_ATTRIBUTE);
/** jsdom loads no picture: each one is told it has. */
const loadPictures = () => document.querySelectorAll('img').forEach((image) => fireEvent.load(image));

describe('/shared/inspections/:token', () => {
  it('shows the report and its PDF export to someone without an account, and nothing else', async () => {
    const calls = fakeApi({ 'GET /api/shared/inspections/:token': () => SHARED });
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forklift check' })).toBeTruthy();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/shared/inspections/:token']);
    expect(calls[0].params.token).toBe(TOKEN);
    expect(screen.getByTestId('report-branding').textContent).toContain('Northwind Logistics');
    expect(screen.getByRole('img', { name: 'Picture 1 of 1: Overview photo' }).getAttribute('src')).toBe(
      `/api/shared/inspections/${TOKEN}/media/f-2?size=thumb`,
    );
    expect(document.querySelector('[data-key="inspector"]')!.textContent).toContain('Grace Hopper');
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTestId('report-shares')).toBeNull();
    expect(screen.queryByTestId('report-history')).toBeNull();
    expect(ready()).toBeNull();
  });

  it('says a link no longer valid is so, without leaving for the error page', async () => {
    fakeApi({ 'GET /api/shared/inspections/:token': () => new Failure(404, '_OBJECT_NOT_FOUND', 'Not found.') });
    const { router } = await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeTruthy();
    expect(screen.getByText(/It may have expired or been revoked/)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shared/inspections/${TOKEN}`);
    expect(screen.queryByText('Not found.')).toBeNull();
  });

  it('exports the shared PDF through the link', async () => {
    const calls = fakeApi({
      'GET /api/shared/inspections/:token': () => SHARED,
      'POST /api/shared/inspections/:token/pdf': () => ({
        job_id: 'j-1',
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
      }),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect((await screen.findByTestId('report-pdf-failed')).textContent).toContain('Chromium is not installed.');
    expect(calls.find((call) => call.key === 'POST /api/shared/inspections/:token/pdf')?.params.token).toBe(TOKEN);
  });

  it('prints: the language and time zone of the query, no buttons, everything unfolded, then says it is ready', async () => {
    const calls = fakeApi({ 'GET /api/shared/inspections/:token': () => SHARED });
    await open('?print=1&lang=de&tz=Asia/Tokyo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forklift check' })).toBeTruthy();
    expect(i18next.language).toBe('de');
    // Asked in the print's language.
    expect(calls).toHaveLength(1);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('report-failed').textContent).toContain('1 nicht bestandener Punkt');
    // Moments in the zone asked for (10:00 UTC is 19:00 in Tokyo); a wall-clock answer as it was written.
    expect(screen.getByTestId('report-header').textContent).toContain('01.11.2026, 19:00');
    expect(document.querySelector('[data-key="when"]')!.textContent).toContain('01.12.2026, 08:00');
    expect(document.querySelectorAll('[hidden]')).toHaveLength(0);
    loadPictures();
    await waitFor(() => expect(ready()).toBe('true'));
  });

  it('tells the print job when the report cannot be shown', async () => {
    fakeApi({ 'GET /api/shared/inspections/:token': () => new Failure(404, '_OBJECT_NOT_FOUND', 'Not found.') });
    await open('?print=1&lang=en&tz=UTC');
    await waitFor(() => expect(ready()).toBe('error'));
  });
});
