import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Import, ImportTargetColumn } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { BulkImportWizard } from './BulkImportWizard.tsx';
import { rememberImport, runningImport, type BulkImportTarget } from './calls.ts';

vi.setConfig({ testTimeout: 60_000 });

/** A controllable XMLHttpRequest per call: the test decides what the server answers to each path. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  path = '';
  body: FormData | null = null;
  open(_method: string, path: string) {
    this.path = path;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const sentTo = async (path: string) => {
  let found: FakeXhr | undefined;
  await waitFor(() => {
    found = FakeXhr.sent.find((xhr) => xhr.path === path);
    expect(found).toBeTruthy();
  });
  return found!;
};

const COLUMNS: ImportTargetColumn[] = [
  { id: 'asset_id', title: 'Asset ID', required: true, field_type: null },
  { id: 'display_name', title: 'Display name', required: true, field_type: null },
  { id: 'f_capacity', title: 'Capacity', required: false, field_type: 'integer' },
];
const TARGET: BulkImportTarget = {
  key: 'assets:t-1',
  name: 'Pumps',
  loadColumns: () => Promise.resolve(COLUMNS),
  sampleUrl: (format) => `/api/sample?format=${format}`,
  path: '/api/assets/bulk-import',
  fields: { type_id: 't-1' },
};
const IMPORT_ID = '4b4c1e53-5f7e-4a39-8d8c-7d0d3b0e2a10';
const job = (changes: Partial<Import>): Import => ({
  id: IMPORT_ID,
  target: 'assets',
  target_id: 't-1',
  file_name: 'pumps.csv',
  status: 'queued',
  progress: 0,
  rows_checked: 0,
  rows_total: null,
  rows_written: 0,
  error_count: 0,
  errors: [],
  failure: null,
  failure_message: null,
  cancel_requested: false,
  created_at: '2026-11-29T04:00:00.000Z',
  finished_at: null,
  ...changes,
});

beforeEach(() => {
  FakeXhr.sent = [];
  sessionStorage.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function open(onImported = vi.fn(), onClose = vi.fn()) {
  await renderWithSession(
    <BulkImportWizard target={TARGET} onClose={onClose} onImported={onImported} />,
    makeSession({ abilities: ['SST_MANAGE_ASSET'] }),
  );
  return { dialog: await screen.findByRole('dialog'), onImported, onClose };
}

const choose = (dialog: HTMLElement, file: File) =>
  fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });

/** Chooses a file whose header is Name, ID, Capacity; the preview answers it. */
async function previewed(dialog: HTMLElement) {
  choose(dialog, new File(['Name,ID,capacity\nPump 1,P-1,12'], 'pumps.csv', { type: 'text/csv' }));
  const preview = await sentTo('/api/imports/preview');
  expect((preview.body?.get('file') as File).name).toBe('pumps.csv');
  preview.answer(200, { data: { format: 'csv', header: ['Name', 'ID', 'capacity'], rows: [['Pump 1', 'P-1', '12']] } });
  expect(await within(dialog).findByText('The file has 3 columns.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

/** Assigns the required columns the file's headers do not match: Asset ID from B, the name from A. */
async function mapRequired() {
  await chooseOption('File column for Asset ID', 'B: ID');
  await chooseOption('File column for Display name', 'A: Name');
}

describe('BulkImportWizard', () => {
  it('maps columns by title, refuses an unassigned required column, then sends the mapping and follows the import to its end', async () => {
    let state = job({ status: 'checking', progress: 0.5, rows_checked: 1 });
    const calls = fakeApi({ 'GET /api/imports/:id': () => state });
    const { dialog, onImported } = await open();
    expect(
      within(dialog)
        .getByRole('link', { name: /Download the CSV sample/ })
        .getAttribute('href'),
    ).toBe('/api/sample?format=csv');
    await previewed(dialog);

    // "Display name" has no header of its title or id; "capacity" matches Capacity whatever its case.
    const capacity = await screen.findByRole('combobox', { name: 'File column for Capacity' });
    expect(capacity.closest('.ant-select')?.textContent).toContain('C: capacity');
    expect(screen.getByRole('combobox', { name: 'File column for Display name' }).closest('.ant-select')?.textContent).toContain(
      'Not imported',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the import' }));
    // Both required columns are unassigned: each says so.
    expect(await within(dialog).findAllByText("Choose the file's column for this required column.")).toHaveLength(2);
    expect(FakeXhr.sent.some((xhr) => xhr.path === TARGET.path)).toBe(false);

    // Asset ID comes from B, the name from A: the preview shows the rows as mapped.
    await mapRequired();
    const preview = within(dialog).getByRole('table', { name: 'The first rows as they will be imported' });
    expect([...preview.querySelectorAll('tbody tr.ant-table-row td')].map((cell) => cell.textContent)).toEqual(['P-1', 'Pump 1', '12']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the import' }));

    const upload = await sentTo(TARGET.path);
    expect(upload.body?.get('type_id')).toBe('t-1');
    expect(JSON.parse(upload.body?.get('columns') as string)).toEqual([
      { id: 'asset_id', index: 1 },
      { id: 'display_name', index: 0 },
      { id: 'f_capacity', index: 2 },
    ]);
    upload.progress(60);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('60'));
    upload.answer(200, { data: job({}) });

    expect(await within(dialog).findByText('Checking rows… 1 checked', {}, { timeout: 5000 })).toBeTruthy();
    expect(runningImport(TARGET.key)).toBe(IMPORT_ID);
    state = job({ status: 'writing', progress: 0.3, rows_checked: 3, rows_total: 3, rows_written: 1 });
    expect(await within(dialog).findByText('Saving 1 of 3', {}, { timeout: 5000 })).toBeTruthy();
    state = job({ status: 'completed', progress: 1, rows_checked: 3, rows_total: 3, rows_written: 3 });
    expect(await within(dialog).findByText('3 rows imported', {}, { timeout: 5000 })).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(runningImport(TARGET.key)).toBeNull();
    const polls = calls.filter((call) => call.key === 'GET /api/imports/:id').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((call) => call.key === 'GET /api/imports/:id').length).toBe(polls);
  });

  it('shows a failed import’s row errors by row and column title, and goes back to choose a corrected file', async () => {
    fakeApi({
      'GET /api/imports/:id': () =>
        job({
          status: 'failed',
          rows_checked: 3,
          error_count: 2,
          errors: [
            { row: 3, column: 'asset_id', message: 'The asset ID P-1 is used by row 2.' },
            { row: 4, column: null, message: 'The row has more cells than the header.' },
          ],
        }),
    });
    const { dialog, onImported } = await open();
    await previewed(dialog);
    await mapRequired();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start the import' }));
    (await sentTo(TARGET.path)).answer(200, { data: job({}) });

    expect(await within(dialog).findByText(/2 errors found: nothing was imported/, {}, { timeout: 5000 })).toBeTruthy();
    const rows = [...within(dialog).getByRole('table', { name: 'Errors by row' }).querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['3', 'Asset ID', 'The asset ID P-1 is used by row 2.'],
      ['4', 'Whole row', 'The row has more cells than the header.'],
    ]);
    expect(onImported).not.toHaveBeenCalled();
    expect(runningImport(TARGET.key)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a corrected file' }));
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows a whole-file failure’s message', async () => {
    fakeApi({
      'GET /api/imports/:id': () =>
        job({ status: 'failed', failure: 'too_many_rows', failure_message: 'The file has more than 100000 rows.' }),
    });
    const { dialog } = await open();
    await previewed(dialog);
    await mapRequired();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start the import' }));
    (await sentTo(TARGET.path)).answer(200, { data: job({}) });
    expect(await within(dialog).findByText('The file has more than 100000 rows.', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Nothing was imported')).toBeTruthy();
  });

  it('refuses a file too large or of another kind before sending it, and shows the server’s refusal of an unreadable one', async () => {
    const { dialog } = await open();
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    choose(dialog, big);
    expect(await within(dialog).findByText('The file is larger than 20 MB.')).toBeTruthy();
    choose(dialog, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Choose a CSV or Excel (.xlsx) file.')).toBeTruthy();
    expect(FakeXhr.sent).toEqual([]);

    choose(dialog, new File(['x'], 'broken.xlsx'));
    (await sentTo('/api/imports/preview')).answer(422, {
      code: '_VALIDATION_FAILED',
      message: 'Check the fields.',
      data: { file: ['The file cannot be read as CSV or xlsx.'] },
    });
    expect(await within(dialog).findByText('The file cannot be read as CSV or xlsx.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal of the mapping on the columns step', async () => {
    fakeApi({});
    const { dialog } = await open();
    await previewed(dialog);
    await mapRequired();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start the import' }));
    (await sentTo(TARGET.path)).answer(422, {
      code: '_VALIDATION_FAILED',
      message: 'Check the fields.',
      data: { columns: ['This value is not valid.'] },
    });
    expect(await within(dialog).findByText('This value is not valid.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Start the import' })).toBeTruthy();
  });

  it('reopens a running import kept for the tab, and cancels it after asking', async () => {
    rememberImport(TARGET.key, IMPORT_ID);
    let state = job({ status: 'checking', progress: 0.1, rows_checked: 40 });
    const calls = fakeApi({
      'GET /api/imports/:id': () => state,
      'PUT /api/imports/:id/cancel': () => {
        state = job({ status: 'cancelled', cancel_requested: true, finished_at: '2026-11-29T04:01:00.000Z' });
        return job({ status: 'checking', cancel_requested: true, rows_checked: 41 });
      },
    });
    const { dialog, onImported } = await open();
    expect(await within(dialog).findByText('Checking rows… 40 checked')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    const confirm = await findDialog('Cancel this import?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'PUT /api/imports/:id/cancel')).toBe(true));
    expect(calls.find((call) => call.key === 'PUT /api/imports/:id/cancel')?.params).toEqual({ id: IMPORT_ID });
    expect(await within(dialog).findByText('The import was cancelled: nothing was imported.', {}, { timeout: 5000 })).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    expect(runningImport(TARGET.key)).toBeNull();
  });

  it('says so when the columns cannot be loaded', async () => {
    await renderWithSession(
      <BulkImportWizard
        target={{ ...TARGET, loadColumns: () => Promise.reject(new Error('gone')) }}
        onClose={vi.fn()}
        onImported={vi.fn()}
      />,
      makeSession({ abilities: ['SST_MANAGE_ASSET'] }),
    );
    expect(await screen.findByText(/The columns to import could not be loaded/)).toBeTruthy();
  });
});
