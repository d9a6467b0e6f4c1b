import type { MyWorkspace } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { WorkspacesPage } from './WorkspacesPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const MINE: MyWorkspace[] = [
  { id: 'w-1', name: 'Acme', branch: 'DE', plan: 'free', current: true, created_at: '2026-01-01T00:00:00Z' },
  { id: 'w-2', name: 'Plant North', branch: 'US', plan: 'premium', current: false, created_at: '2026-01-02T00:00:00Z' },
];

function fakeServer(answerNew: () => Response) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/settings/workspaces/new') return answerNew();
      return new Response(JSON.stringify({ data: MINE }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('/settings/workspaces', () => {
  it('lists my workspaces with the current one marked and offers to switch to the others', async () => {
    fakeServer(() => new Response('{}'));
    await renderWithSession(<WorkspacesPage />, makeSession());
    expect(await screen.findByText('Plant North')).toBeTruthy();
    expect(screen.getByText('Current')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Switch to it' })).toHaveLength(1);
  });

  it("creates a workspace and puts the server's field errors on the form", async () => {
    const calls = fakeServer(
      () =>
        new Response(JSON.stringify({ code: '_VALIDATION_FAILED', message: 'Some fields are not valid.', data: { name: ['Enter at most 100 characters.'] } }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await renderWithSession(<WorkspacesPage />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'New workspace' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Plant South' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/settings/workspaces/new')?.body).toEqual({ name: 'Plant South', branch: 'DE' }));
    expect(await within(dialog).findByText('Enter at most 100 characters.')).toBeTruthy();
  });
});
