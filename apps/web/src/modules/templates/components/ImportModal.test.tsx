import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { ImportModal } from './ImportModal.tsx';

vi.setConfig({ testTimeout: 60_000 });

/** A controllable XMLHttpRequest: the test decides when the upload is sent and what the server answers. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  sentBody: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    this.sentBody = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
    if (percent === 100) this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** The calls around the upload: the folder tree, and the deletion that undoes a cancelled import. */
function fakeServer() {
  return fakeApi({
    'GET /api/checklist/template/folder/all': () => [],
    'DELETE /api/checklist/template/:id': () => null,
  });
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function startImport(onClose = vi.fn()) {
  await renderWithSession(
    <ImportModal parentId={null} onClose={onClose} />,
    makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'], plan: 'premium' }),
  );
  const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['title\nPump'], 'checks.csv', { type: 'text/csv' })] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  return { xhr: FakeXhr.last!, onClose };
}

describe('ImportModal', () => {
  it('shows the upload progress, then the rows with errors from a refused file', async () => {
    fakeServer();
    const { xhr } = await startImport();
    expect((xhr.sentBody?.get('file') as File).name).toBe('checks.csv');
    xhr.progress(40);
    // The bar shows 0 until React renders the progress event, so wait for the value, not the bar.
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    xhr.progress(100);
    expect(await screen.findByText('Reading the rows…')).toBeTruthy();
    xhr.answer(422, {
      code: 'CKL_IMPORT_ROWS_INVALID',
      message: '1 rows have errors.',
      data: { error_count: 1, rows: [{ row: 2, values: { title: '' }, errors: ['Field is required'] }] },
    });
    expect(await screen.findByText('Nothing was imported: 1 row of 1 has errors.')).toBeTruthy();
    expect(screen.getByText('Field is required')).toBeTruthy();
  });

  it('cancelling while the file is sent aborts the upload, so nothing is created', async () => {
    const calls = fakeServer();
    const { xhr, onClose } = await startImport();
    xhr.progress(30);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr.aborted).toBe(true);
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((call) => call.key === 'DELETE /api/checklist/template/:id')).toEqual([]);
  });

  it('cancelling once the server has the file deletes the template it then answers with', async () => {
    const calls = fakeServer();
    const { xhr, onClose } = await startImport();
    xhr.progress(100);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr.aborted).toBe(false);
    expect(onClose).toHaveBeenCalled();
    xhr.answer(200, { data: { id: 't-5', title: 'checks' } });
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'DELETE /api/checklist/template/:id').map((call) => call.params)).toEqual([{ id: 't-5' }]),
    );
  });

  it('refuses a title longer than the server takes before sending the file', async () => {
    fakeServer();
    await renderWithSession(
      <ImportModal parentId={null} onClose={vi.fn()} />,
      makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'], plan: 'premium' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[type=file]')!, {
      target: { files: [new File(['title\nPump'], 'checks.csv', { type: 'text/csv' })] },
    });
    fireEvent.change(screen.getByLabelText('Template title'), { target: { value: 'x'.repeat(256) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Enter at most 255 characters.')).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
  });

  it('offers the upgrade instead of the import on a plan without it', async () => {
    fakeServer();
    await renderWithSession(
      <ImportModal parentId={null} onClose={vi.fn()} />,
      makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'], plan: 'standard' }),
    );
    expect(await screen.findByText('Upgrade to unlock this feature')).toBeTruthy();
    expect((await screen.findByRole('dialog')).querySelector('input[type=file]')).toBeNull();
  });
});
