import type { Group } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { GroupListPage } from './GroupListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const GROUPS: Group[] = [{ id: 'g-1', name_lang: { en: 'Night shift' }, users_count: 4 }];

function fakeServer() {
  return fakeApi({
    'GET /api/user/group/list': () => ({ list: GROUPS, pagination: { total: 1, limit: 25, current_page: 1, total_pages: 1 } }),
    'POST /api/user/group/add': () => new Reply(GROUPS[0], 'Saved.'),
    'DELETE /api/user/group/:id': () => new Reply(null, 'Deleted.'),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/group/list', () => {
  it('lists groups read-only for a viewer', async () => {
    fakeServer();
    await renderWithSession(<GroupListPage />, makeSession({ abilities: ['USR_VIEW_GROUP_LIST'] }));
    expect(await screen.findByText('Night shift')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('adds a group, with names within the limit and at least one, and deletes one after confirming', async () => {
    const calls = fakeServer();
    await renderWithSession(<GroupListPage />, makeSession({ abilities: ['USR_MANAGE_GROUP'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name in at least one language.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('French'), { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog).findByText('Enter at most 100 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('French'), { target: { value: 'Équipe de jour' } });
    fireEvent.change(within(dialog).getByLabelText('English'), { target: { value: 'Day shift' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/user/group/add')?.body).toEqual({
        name_lang: { en: 'Day shift', fr: 'Équipe de jour' },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/user/group/:id' && c.params.id === 'g-1')).toBe(true));
  });
});
