import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Reply, type FakeCall } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { SecuritySettingsPage } from './SecuritySettingsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** The server's setting, which a PUT changes. */
function fakeServer() {
  let required = false;
  return fakeApi({
    'GET /api/settings/security': () => ({ two_factor_required: required }),
    'PUT /api/settings/security': ({ body }) => {
      required = body.two_factor_required;
      return new Reply({ two_factor_required: required }, 'Saved.');
    },
  });
}

const putBodies = (calls: FakeCall[]) => calls.filter((c) => c.key === 'PUT /api/settings/security').map((c) => c.body);

describe('/settings/security', () => {
  it('requires two-factor sign-in after a confirmation', async () => {
    const calls = fakeServer();
    await renderWithSession(<SecuritySettingsPage />, makeSession({ abilities: ['APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'] }));
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: 'Require' }));
    await waitFor(() => expect(putBodies(calls)).toEqual([{ two_factor_required: true }]));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Require two-factor sign-in' }).getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('shows the setting without changing it to someone who may only view settings', async () => {
    const calls = fakeServer();
    await renderWithSession(<SecuritySettingsPage />, makeSession({ abilities: ['APP_VIEW_SETTINGS'] }));
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    fireEvent.click(toggle);
    expect(putBodies(calls)).toEqual([]);
  });
});
