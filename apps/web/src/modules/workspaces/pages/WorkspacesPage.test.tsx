import type { MyWorkspace } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, type FakeHandlers } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { WorkspacesPage } from './WorkspacesPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const MINE: MyWorkspace[] = [
  { id: 'w-1', name: 'Acme', branch: 'DE', plan: 'free', current: true, created_at: '2026-01-01T00:00:00Z' },
  { id: 'w-2', name: 'Plant North', branch: 'US', plan: 'premium', current: false, created_at: '2026-01-02T00:00:00Z' },
];

const fakeServer = (handlers: FakeHandlers = {}) => fakeApi({ 'GET /api/settings/workspaces/my-workspaces': () => MINE, ...handlers });

afterEach(() => vi.unstubAllGlobals());

describe('/settings/workspaces', () => {
  it('lists my workspaces with the current one marked and offers to switch to the others', async () => {
    fakeServer();
    await renderWithSession(<WorkspacesPage />, makeSession());
    expect(await screen.findByText('Plant North')).toBeTruthy();
    expect(screen.getByText('Current')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Switch to it' })).toHaveLength(1);
  });

  it("creates a workspace and puts the server's field errors on the form", async () => {
    const calls = fakeServer({
      'POST /api/settings/workspaces/new': () =>
        new Failure(422, '_VALIDATION_FAILED', 'Some fields are not valid.', { name: ['Enter at most 100 characters.'] }),
    });
    await renderWithSession(<WorkspacesPage />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'New workspace' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Plant South' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/settings/workspaces/new')?.body).toEqual({ name: 'Plant South', branch: 'DE' }),
    );
    expect(await within(dialog).findByText('Enter at most 100 characters.')).toBeTruthy();
  });
});
