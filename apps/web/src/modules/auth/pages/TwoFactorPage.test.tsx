import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Failure, fakeApi, type FakeCall, type FakeHandlers } from '../../../test/fake-api.ts';
import { LoginPage } from './LoginPage.tsx';
import { TwoFactorPage } from './TwoFactorPage.tsx';

/** Renders /login and /2fa at `path` against a fake server: signed out, answering the calls given. */
async function renderAt(path: string, handlers: FakeHandlers = {}) {
  await initI18n('en');
  const calls = fakeApi({ 'GET /api/user/auth': () => new Failure(401, 'USR_UNAUTHENTICATED', 'Log in'), ...handlers });
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

/** The calls a page sent, leaving out the session probe. */
const sent = (calls: FakeCall[]) => calls.filter((call) => call.key !== 'GET /api/user/auth');
/** A refused code, with the tries left. */
const refused = (message: string, attemptsLeft: number) => () =>
  new Failure(401, 'USR_2FA_CODE_INVALID', message, { attempts_left: attemptsLeft });

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const stepPath = (query: Record<string, string> = {}) =>
  `/2fa/ada%40example.test?${new URLSearchParams({ method: 'email', to: 'ad*@example.test', expiredAfter: inMinutes(10), id: 'attempt-1', ...query })}`;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/login', () => {
  it('goes to the two-factor screen when the password sign-in answers USR_2FA', async () => {
    const expiredAfter = inMinutes(10);
    const { router } = await renderAt('/login?redirect_uri=%2Fuser%2Flist', {
      'POST /api/login': () => ({
        next_step: 'USR_2FA',
        method: 'email',
        to: 'ad*@example.test',
        expiredAfter,
        id: 'attempt-1',
        resend_after: 30,
      }),
    });
    type('Email', 'ada@example.test');
    type('Password', 'a password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa/ada%40example.test'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      method: 'email',
      to: 'ad*@example.test',
      expiredAfter,
      id: 'attempt-1',
      redirect_uri: '/user/list',
    });
    expect(await screen.findByText('We sent a 6-digit code to ad*@example.test. Enter it to finish signing in.')).toBeTruthy();
  });
});

describe('/2fa', () => {
  it('explains an incomplete address and offers the way back', async () => {
    await renderAt('/2fa/ada%40example.test?method=email');
    expect(await screen.findByText('This page needs a sign-in in progress. Sign in with your email and password first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { calls } = await renderAt(stepPath());
    type('6-digit code', '12a');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(sent(calls)).toEqual([]);
  });

  it('sends the code with the attempt and shows a refusal with its data on the screen', async () => {
    const { calls } = await renderAt(stepPath(), { 'POST /api/login-2fa': refused('This code is not right. Tries left: 4.', 4) });
    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not right. Tries left: 4.')).toBeTruthy();
    expect(sent(calls)).toEqual([
      { key: 'POST /api/login-2fa', params: {}, query: {}, body: { email: 'ada@example.test', id: 'attempt-1', code: '123456' } },
    ]);
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false);
  });

  it('stops at the last wrong try and offers a new sign-in', async () => {
    await renderAt(stepPath(), { 'POST /api/login-2fa': refused('Too many wrong codes. Sign in again to get a new one.', 0) });
    type('6-digit code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many wrong codes. Sign in again to get a new one.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('link', { name: 'Sign in again' })).toBeTruthy();
  });

  it('shows the expiry and lets a new code be sent only after the pause', async () => {
    await renderAt(stepPath());
    expect(await screen.findByText(/The code expires in (9:5\d|10:00)\./)).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Send a new code in \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('says when the code has expired', async () => {
    await renderAt(stepPath({ expiredAfter: inMinutes(-1) }));
    expect(await screen.findByText('This code has expired. Sign in again to get a new one.')).toBeTruthy();
  });

  it('offers a recovery code instead of an app code', async () => {
    const { calls } = await renderAt(stepPath({ method: 'totp', to: '' }), { 'POST /api/login-2fa': refused('no', 3) });
    expect(await screen.findByText('Open your authenticator app and enter the code it shows for Vigil.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    type('Recovery code', 'K7Q2M-X9W4T');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({ code: 'K7Q2M-X9W4T' });
  });
});
