import type { GlobalListDetail, SavedCustomField } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply } from '../../../test/fake-api.ts';
import { findDialog, renderWithSession } from '../../../test/render.tsx';
import { setScreenWide } from '../../../test/screen-width.ts';
import { makeSession } from '../../../test/session.ts';
import { GlobalListDetailPage } from './GlobalListDetailPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWide(false);
});

const field = (id: string, name: string, is_used: boolean): SavedCustomField => ({
  id,
  key: `f_${id}`,
  name,
  description: null,
  field_type: 'text',
  is_required: false,
  is_used,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: null,
});
const CODE = field('code', 'Code', true);
const OLD = field('old', 'Old code', false);
const LIST: GlobalListDetail = {
  uuid: 'l-1',
  id: 1,
  name: 'Spare parts',
  fields_count: 1,
  items_count: 3,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  fields: [CODE, OLD],
};
const at = { path: '/resources/global-lists/:uuid', entry: '/resources/global-lists/l-1' };
const MANAGER = makeSession({ abilities: ['RES_MANAGE_GLOBAL_LISTS'], plan: 'premium' });

describe('/resources/global-lists/:uuid', () => {
  it('saves the fields with the name, enabled only once they changed, and refreshes the editor from the answer', async () => {
    const calls = fakeApi({
      'GET /api/resources/global-lists/:id': () => LIST,
      'PUT /api/resources/global-lists/:id': () => new Reply({ ...LIST, fields: [{ ...CODE, is_used: false }, OLD] }, 'Saved.'),
    });
    await renderWithSession(<GlobalListDetailPage />, MANAGER, at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spare parts' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Code' }));
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id')).toBeTruthy());
    const put = calls.find((c) => c.key === 'PUT /api/resources/global-lists/:id');
    expect(put?.params.id).toBe('l-1');
    expect(put?.body).toMatchObject({ name: 'Spare parts', fields: [{ key: 'f_code', is_used: false }] });
    expect(await screen.findByRole('button', { name: 'Use Code again' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Save').closest('button')).toHaveProperty('disabled', true));
  });

  it('deletes an unused field of this list after confirming', async () => {
    const calls = fakeApi({
      'GET /api/resources/global-lists/:id': () => LIST,
      'DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete': () => new Reply(null, 'Deleted.'),
    });
    await renderWithSession(<GlobalListDetailPage />, MANAGER, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old code' }));
    expect(await screen.findAllByText('Delete the field "Old code" for good?')).not.toHaveLength(0);
    expect(calls.some((c) => c.key === 'DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete')?.params).toEqual({
        id: 'l-1',
        fieldId: 'old',
      }),
    );
  });

  it('renames the list without touching its fields, showing the server’s refusal on the name', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /api/resources/global-lists/:id': () => LIST,
      'PUT /api/resources/global-lists/:id': () =>
        refuse
          ? ((refuse = false), new Failure(422, '_VALIDATION_FAILED', 'Check the fields.', { name: ['This name is already used.'] }))
          : new Reply({ ...LIST, name: 'Parts' }, 'Saved.'),
    });
    await renderWithSession(<GlobalListDetailPage />, MANAGER, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await findDialog('Rename');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rooms' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This name is already used.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Parts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'PUT /api/resources/global-lists/:id').at(-1)?.body).toEqual({
        name: 'Parts',
        fields: [],
        order: {},
      }),
    );
  });

  it('shows an archived list read-only with a restore action', async () => {
    const calls = fakeApi({
      'GET /api/resources/global-lists/:id': () => ({ ...LIST, archived_at: '2026-11-20T10:00:00.000Z' }),
      'PUT /api/resources/global-lists/:id/restore': () => new Reply(LIST, 'Restored.'),
    });
    await renderWithSession(<GlobalListDetailPage />, MANAGER, at);
    expect(await screen.findByText(/This global list is archived/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Code' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'PUT /api/resources/global-lists/:id/restore' && c.params.id === 'l-1')).toBe(true),
    );
  });
});
