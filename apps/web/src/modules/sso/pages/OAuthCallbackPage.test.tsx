import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { HttpError } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Failure, fakeApi, type FakeHandlers } from '../../../test/fake-api.ts';
import { makeSession } from '../../../test/session.ts';
import { authKeys } from '../../../lib/session.ts';
import { SsoEntryButton } from '../components/SsoEntryButton.tsx';
import { ssoEntryOf } from '../entry.ts';
import { rememberedSsoWorkspace } from '../remembered.ts';
import { OAuthCallbackPage } from './OAuthCallbackPage.tsx';

async function renderAt(path: string, handlers: FakeHandlers = {}) {
  await initI18n('en');
  const calls = fakeApi(handlers);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.session, null);
  const router = createMemoryRouter(
    [
      { path: '/oauth-callback', element: <OAuthCallbackPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router, queryClient };
}

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/oauth-callback', () => {
  it('redeems a SAML hand-off, keeps the session, remembers the workspace for the login page and goes to the target', async () => {
    const session = makeSession();
    session.workspace.id = '6f1c2b1e-0000-4000-8000-000000000001';
    const { calls, router, queryClient } = await renderAt('/oauth-callback?sso=w.token&target=%2Fuser%2Flist', {
      'GET /api/user/auth/sso/:assertion': () => session,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/list'));
    expect(calls).toEqual([{ key: 'GET /api/user/auth/sso/:assertion', params: { assertion: 'w.token' }, query: {}, body: undefined }]);
    expect(queryClient.getQueryData(authKeys.session)).toEqual(session);
    expect(rememberedSsoWorkspace()).toBe(session.workspace.id);
    render(
      <MemoryRouter initialEntries={['/login?redirect_uri=%2Fgroup%2Flist']}>
        <SsoEntryButton />
      </MemoryRouter>,
    );
    // The button's wording may still be loading (the redirect above loads the full catalogue): wait for it.
    expect((await screen.findByRole('link', { name: /Continue with single sign-on/ })).getAttribute('href')).toBe(
      `/api/sso/${session.workspace.id}/login?target=%2Fgroup%2Flist`,
    );
  });

  it('redeems a CAS ticket with its workspace, and never follows a target off the site', async () => {
    const { calls, router } = await renderAt('/oauth-callback?cas=w-1&target=%2F%2Fevil.example&ticket=ST-1', {
      'GET /api/user/auth/cas/:assertion': () => makeSession(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]).toMatchObject({ params: { assertion: 'ST-1' }, query: { workspace: 'w-1', target: '//evil.example' } });
  });

  it('shows why a refused sign-in failed', async () => {
    await renderAt('/oauth-callback?sso=w.token', {
      'GET /api/user/auth/sso/:assertion': () => new Failure(401, 'SSO_SIGN_IN_REFUSED', 'no', { error: 'unknown_user' }),
    });
    expect(
      await screen.findByText('No active member of this workspace matches your identity. Ask your administrator to invite you.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('shows the error the server redirected with', async () => {
    await renderAt('/oauth-callback?error=not_configured');
    expect(await screen.findByText('Single sign-on is not set up for this workspace.')).toBeTruthy();
  });

  it('says there is nothing to finish without an outcome', async () => {
    const { calls } = await renderAt('/oauth-callback');
    expect(await screen.findByText('There is no sign-in to finish here.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('ssoEntryOf', () => {
  it('follows AUTH_SSO_REQUIRED to the same-origin entry with the landing page, and nothing else', () => {
    const required = new HttpError(403, 'AUTH_SSO_REQUIRED', 'SSO', { url: '/api/sso/w-1/login' });
    expect(ssoEntryOf(required, '/user/list')).toBe('/api/sso/w-1/login?target=%2Fuser%2Flist');
    expect(ssoEntryOf(required, null)).toBe('/api/sso/w-1/login');
    expect(ssoEntryOf(new HttpError(403, 'AUTH_SSO_REQUIRED', 'SSO', { url: 'https://evil.example/' }), null)).toBeNull();
    expect(ssoEntryOf(new HttpError(401, 'USR_INVALID_CREDENTIALS', 'no'), null)).toBeNull();
  });
});
