import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { HttpError } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeSession } from '../../../test/session.ts';
import { authKeys } from '../../../lib/session.ts';
import { SsoEntryButton } from '../components/SsoEntryButton.tsx';
import { ssoEntryOf } from '../entry.ts';
import { rememberedSsoWorkspace } from '../remembered.ts';
import { OAuthCallbackPage } from './OAuthCallbackPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderAt(path: string, reply: (url: string) => Response) {
  await initI18n('en');
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return reply(String(input));
    }),
  );
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
  return { urls, router, queryClient };
}

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/oauth-callback', () => {
  it('redeems a SAML hand-off, keeps the session, remembers the workspace for the login page and goes to the target', async () => {
    const session = makeSession();
    session.workspace.id = '6f1c2b1e-0000-4000-8000-000000000001';
    const { urls, router, queryClient } = await renderAt('/oauth-callback?sso=w.token&target=%2Fuser%2Flist', () => json(200, { data: session }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/list'));
    expect(urls).toEqual(['/api/user/auth/sso/w.token']);
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
    const { urls, router } = await renderAt('/oauth-callback?cas=w-1&target=%2F%2Fevil.example&ticket=ST-1', () => json(200, { data: makeSession() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(urls[0]).toBe('/api/user/auth/cas/ST-1?workspace=w-1&target=%2F%2Fevil.example');
  });

  it('shows why a refused sign-in failed', async () => {
    await renderAt('/oauth-callback?sso=w.token', () => json(401, { code: 'SSO_SIGN_IN_REFUSED', message: 'no', data: { error: 'unknown_user' } }));
    expect(await screen.findByText('No active member of this workspace matches your identity. Ask your administrator to invite you.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('shows the error the server redirected with', async () => {
    await renderAt('/oauth-callback?error=not_configured', () => json(500, {}));
    expect(await screen.findByText('Single sign-on is not set up for this workspace.')).toBeTruthy();
  });

  it('says there is nothing to finish without an outcome', async () => {
    const { urls } = await renderAt('/oauth-callback', () => json(500, {}));
    expect(await screen.findByText('There is no sign-in to finish here.')).toBeTruthy();
    expect(urls).toEqual([]);
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
