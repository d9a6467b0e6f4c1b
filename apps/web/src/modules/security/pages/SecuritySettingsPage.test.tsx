import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { SecuritySettingsPage } from './SecuritySettingsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function fakeServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  let required = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.method === 'PUT') required = (call.body as { two_factor_required: boolean }).two_factor_required;
      return new Response(JSON.stringify({ data: { two_factor_required: required } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

describe('/settings/security', () => {
  it('requires two-factor sign-in after a confirmation', async () => {
    const calls = fakeServer();
    await renderWithSession(<SecuritySettingsPage />, makeSession({ abilities: ['APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'] }));
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: 'Require' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ two_factor_required: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require two-factor sign-in' }).getAttribute('aria-checked')).toBe('true'));
  });

  it('shows the setting without changing it to someone who may only view settings', async () => {
    const calls = fakeServer();
    await renderWithSession(<SecuritySettingsPage />, makeSession({ abilities: ['APP_VIEW_SETTINGS'] }));
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    fireEvent.click(toggle);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
