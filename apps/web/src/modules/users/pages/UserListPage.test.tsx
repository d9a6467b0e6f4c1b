import type { Permission, UserListItem } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { UserListPage } from './UserListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ROLE = { id: '11111111-1111-4111-8111-111111111111', name_lang: { en: 'Member', fr: 'Membre' } };
const USERS: UserListItem[] = [
  {
    id: 'u-1',
    first_name: 'Ada',
    last_name: 'Admin',
    nick_name: null,
    full_name: 'Ada Admin',
    email: 'ada@example.test',
    avatar: null,
    status: 'active',
    roles: [ROLE],
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 'u-2',
    first_name: 'Ivy',
    last_name: 'Invitee',
    nick_name: 'ivy',
    full_name: 'Ivy Invitee',
    email: 'ivy@example.test',
    avatar: null,
    status: 'invited',
    roles: [ROLE],
    created_at: '2026-01-02T00:00:00Z',
  },
];

function fakeServer() {
  return fakeApi({
    'GET /api/user/list': () => ({ list: USERS, pagination: { total: 2, limit: 20, current_page: 1, total_pages: 1 } }),
    'GET /api/user/role/list': () => [{ ...ROLE, isDefault: true, is_system: true, permissions: [], users_count: 2 }],
    'POST /api/user/invite': () => new Reply(USERS[1], 'Invitation sent.'),
    'DELETE /api/user/:id/cancel-invitation': () => null,
  });
}

const render = (abilities: Permission[]) => renderWithSession(<UserListPage />, makeSession({ abilities }));

afterEach(() => vi.unstubAllGlobals());

describe('/user/list', () => {
  it('shows members with their roles and status; a viewer gets no invite or actions', async () => {
    fakeServer();
    await render(['USR_VIEW_USER_LIST']);
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('ivy@example.test')).toBeTruthy();
    expect(screen.getByText('Invited')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('loads through the list engine with saved queries, and searches into the URL', async () => {
    const calls = fakeServer();
    const { router } = await render(['USR_VIEW_USER_LIST']);
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(calls[0]).toMatchObject({ key: 'GET /api/user/list', query: { limit: '25', page: '1', with_saved_queries: '1' } });
    expect(Object.keys(calls[0].query)).toEqual(['limit', 'page', 'with_saved_queries']);
    const search = screen.getByRole('searchbox', { name: 'Search by name or email' });
    fireEvent.change(search, { target: { value: 'ivy' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.search)).toBe(
        '?limit=25&page=1&filter[search][operator]=contains&filter[search][value]=ivy',
      ),
    );
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        key: 'GET /api/user/list',
        query: { filter: { search: { operator: 'contains', value: 'ivy' } } },
      }),
    );
  });

  it('invites a person with the chosen language', async () => {
    const calls = fakeServer();
    await render(['USR_MANAGE_USER']);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Ivy' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Invitee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ivy@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/user/invite')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/user/invite')?.body).toEqual({
      first_name: 'Ivy',
      last_name: 'Invitee',
      nick_name: null,
      email: 'ivy@example.test',
      roles: [],
      locale: 'en',
    });
  });

  it('offers resend and cancel for an invitation and asks before cancelling', async () => {
    const calls = fakeServer();
    await render(['USR_MANAGE_USER']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ivy Invitee' }));
    expect(screen.queryByText('Edit basic info')).toBeNull();
    fireEvent.click(await screen.findByText('Cancel invitation'));
    expect((await screen.findAllByText('Cancel the invitation of Ivy Invitee?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/user/:id/cancel-invitation' && c.params.id === 'u-2')).toBe(true));
  });

  it("edits an accepted member's names as this workspace's own", async () => {
    fakeServer();
    await render(['USR_MANAGE_USER']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    fireEvent.click(await screen.findByText('Edit basic info'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('These names are how this workspace shows the person; their own profile stays as they set it.'),
    ).toBeTruthy();
  });
});
