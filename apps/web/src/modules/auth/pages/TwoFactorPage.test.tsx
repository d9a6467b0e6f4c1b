import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { LoginPage } from './LoginPage.tsx';
import { TwoFactorPage } from './TwoFactorPage.tsx';

interface Call {
  url: string;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Renders /login and /2fa at `path` against a fake server that answers `reply` to every write. */
async function renderAt(path: string, reply: (call: Call) => Response) {
  await initI18n('en');
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      if (call.url.startsWith('/api/user/auth')) return json(401, { code: 'USR_UNAUTHENTICATED', message: 'Log in' });
      calls.push(call);
      return reply(call);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/2fa/:email', element: <TwoFactorPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const stepPath = (query: Record<string, string> = {}) =>
  `/2fa/ada%40example.test?${new URLSearchParams({ method: 'email', to: 'ad*@example.test', expiredAfter: inMinutes(10), id: 'attempt-1', ...query })}`;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/login', () => {
  it('goes to the two-factor screen when the password sign-in answers USR_2FA', async () => {
    const expiredAfter = inMinutes(10);
    const { router } = await renderAt('/login?redirect_uri=%2Fuser%2Flist', () =>
      json(200, { data: { next_step: 'USR_2FA', method: 'email', to: 'ad*@example.test', expiredAfter, id: 'attempt-1', resend_after: 30 } }),
    );
    type('Email', 'ada@example.test');
    type('Password', 'a password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa/ada%40example.test'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ method: 'email', to: 'ad*@example.test', expiredAfter, id: 'attempt-1', redirect_uri: '/user/list' });
    expect(await screen.findByText('We sent a 6-digit code to ad*@example.test. Enter it to finish signing in.')).toBeTruthy();
  });
});

describe('/2fa', () => {
  it('explains an incomplete address and offers the way back', async () => {
    await renderAt('/2fa/ada%40example.test?method=email', () => json(200, { data: null }));
    expect(await screen.findByText('This page needs a sign-in in progress. Sign in with your email and password first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { calls } = await renderAt(stepPath(), () => json(200, { data: null }));
    type('6-digit code', '12a');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the code with the attempt and shows a refusal with its data on the screen', async () => {
    const { calls } = await renderAt(stepPath(), () =>
      json(401, { code: 'USR_2FA_CODE_INVALID', message: 'This code is not right. Tries left: 4.', data: { attempts_left: 4 } }),
    );
    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not right. Tries left: 4.')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/login-2fa', body: { email: 'ada@example.test', id: 'attempt-1', code: '123456' } }]);
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false);
  });

  it('stops at the last wrong try and offers a new sign-in', async () => {
    await renderAt(stepPath(), () =>
      json(401, { code: 'USR_2FA_CODE_INVALID', message: 'Too many wrong codes. Sign in again to get a new one.', data: { attempts_left: 0 } }),
    );
    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many wrong codes. Sign in again to get a new one.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('link', { name: 'Sign in again' })).toBeTruthy();
  });

  it('shows the expiry and lets a new code be sent only after the pause', async () => {
    await renderAt(stepPath(), () => json(200, { data: null }));
    expect(await screen.findByText(/The code expires in (9:5\d|10:00)\./)).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Send a new code in \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('says when the code has expired', async () => {
    await renderAt(stepPath({ expiredAfter: inMinutes(-1) }), () => json(200, { data: null }));
    expect(await screen.findByText('This code has expired. Sign in again to get a new one.')).toBeTruthy();
  });

  it('offers a recovery code instead of an app code', async () => {
    const { calls } = await renderAt(stepPath({ method: 'totp', to: '' }), () => json(401, { code: 'USR_2FA_CODE_INVALID', message: 'no', data: { attempts_left: 3 } }));
    expect(await screen.findByText('Open your authenticator app and enter the code it shows for Vigil.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    type('Recovery code', 'K7Q2M-X9W4T');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ code: 'K7Q2M-X9W4T' });
  });
});
