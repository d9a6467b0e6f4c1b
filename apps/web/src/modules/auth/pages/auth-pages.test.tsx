import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Failure, fakeApi, Reply, type FakeCall, type FakeHandlers } from '../../../test/fake-api.ts';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

/** Renders the logged-out pages at `path` against a fake server: signed out, answering the calls given. */
async function renderAt(path: string, handlers: FakeHandlers = {}) {
  await initI18n('en');
  const calls = fakeApi({ 'GET /api/user/auth': () => new Failure(401, 'USR_UNAUTHENTICATED', 'Log in'), ...handlers });
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:email', element: <ResetPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
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

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// The first render loads antd and the pages; give it time on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/register', () => {
  it('refuses digits in a name before sending anything', async () => {
    const { calls } = await renderAt('/register', { 'POST /api/register': () => null });
    type('First name', 'R2D2');
    type('Last name', 'Droid');
    type('Email', 'r2@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use letters, spaces, hyphens and apostrophes only.')).toBeTruthy();
    expect(sent(calls)).toEqual([]);
  });

  it('sends the form and says where the link went', async () => {
    const { calls } = await renderAt('/register', { 'POST /api/register': () => new Reply(null, 'sent') });
    type('First name', "Anne-Marie O'Neil");
    type('Last name', 'Ñúñez');
    type('Email', 'anne@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/Open the link we sent to anne@example.test to set your password/)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/register')?.body).toEqual({
      first_name: "Anne-Marie O'Neil",
      last_name: 'Ñúñez',
      email: 'anne@example.test',
    });
  });

  it("shows the server's field messages", async () => {
    await renderAt('/register', {
      'POST /api/register': () =>
        new Failure(422, '_VALIDATION_FAILED', 'Some fields are not valid.', { email: ['Enter a valid e-mail address.'] }),
    });
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Email', 'ann@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
  });
});

describe('/forgot-password', () => {
  it('asks for a link and confirms without telling whether the account exists', async () => {
    const { calls } = await renderAt('/forgot-password', { 'POST /api/forget-password': () => null });
    type('Email', 'who@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/Check that who@example.test is the address of your account/)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/forget-password')?.body).toEqual({ email: 'who@example.test' });
  });
});

describe('/reset-password/{email}', () => {
  it('checks that the passwords match, then sends the token and goes to the login page', async () => {
    const { calls, router } = await renderAt('/reset-password/ann%40example.test?token=abc', {
      'POST /api/reset-password': () => ({ purpose: 'reset' }),
    });
    expect(screen.getByText('Choose a password for ann@example.test.')).toBeTruthy();
    type('New password', 'a long password');
    type('Confirm password', 'another password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(sent(calls)).toEqual([]);
    type('Confirm password', 'a long password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.key === 'POST /api/reset-password')?.body).toEqual({
      email: 'ann@example.test',
      token: 'abc',
      new_password: 'a long password',
      password_confirmation: 'a long password',
    });
  });

  it('explains a link without its token', async () => {
    await renderAt('/reset-password/ann%40example.test');
    expect(screen.getByText(/This link is incomplete/)).toBeTruthy();
  });
});
