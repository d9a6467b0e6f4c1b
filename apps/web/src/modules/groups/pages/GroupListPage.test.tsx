import type { Group } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { GroupListPage } from './GroupListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const GROUPS: Group[] = [{ id: 'g-1', name_lang: { en: 'Night shift' }, users_count: 4 }];

function fakeServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.startsWith('/api/user/group/list')
        ? { data: { list: GROUPS, pagination: { total: 1, limit: 25, current_page: 1, total_pages: 1 } } }
        : { data: GROUPS[0], message: 'Saved.' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
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

  it('adds a group and deletes one after confirming', async () => {
    const calls = fakeServer();
    await renderWithSession(<GroupListPage />, makeSession({ abilities: ['USR_MANAGE_GROUP'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('English'), { target: { value: 'Day shift' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/group/add')?.body).toEqual({ name_lang: { en: 'Day shift' } }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/group/g-1')).toBe(true));
  });
});
