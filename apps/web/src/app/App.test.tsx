import { ALL_PERMISSIONS, type AuthState, type Permission, type Plan } from '@vigil/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadFullCatalogue } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { makeSession } from '../test/session.ts';
import { App } from './App.tsx';
import { createAppRouter } from './router.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Renders the whole app at `path` against a fake server answering the session probe. */
function renderAt(path: string, session: AuthState | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/user/auth')) {
        return session ? json(200, { data: session }) : json(401, { code: 'USR_UNAUTHENTICATED', message: 'Log in' });
      }
      if (url.startsWith('/api/settings/organization/plans') && session) {
        const { plan, trial_plan, trial_ends_at } = session.workspace;
        return json(200, { data: { plan, trial_plan, trial_ends_at, features: session.features } });
      }
      return json(404, { code: '_OBJECT_NOT_FOUND', message: 'Not found' });
    }),
  );
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  render(<App queryClient={createQueryClient()} router={router} />);
  return router;
}

function asUser(abilities: readonly Permission[], plan: Plan): AuthState {
  return makeSession({ abilities: [...abilities], plan });
}

// The router loads the whole catalogue with the first signed-in screen; loading it here keeps that cost out of
// each test's time limit (lib/i18n.test.ts covers when it loads).
beforeAll(async () => {
  await initI18n('en').then(loadFullCatalogue);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('sends a logged-out visitor to /login with the page as redirect_uri', async () => {
    const router = renderAt('/user/list?page=2', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect_uri=%2Fuser%2Flist%3Fpage%3D2');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('sends a logged-in user away from /login to a safe redirect_uri', async () => {
    const router = renderAt('/login?redirect_uri=%2Fkb', asUser([], 'free'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge base' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/kb');
  });

  it('ignores an off-site redirect_uri', async () => {
    const router = renderAt('/login?redirect_uri=%2F%2Fevil.example', asUser([], 'free'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the dashboard with the menu entries the user may open', async () => {
    renderAt('/dashboard', asUser(['USR_VIEW_USER_LIST', 'ACT_VIEW_ISSUE_LIST'], 'free'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    // jsdom's media queries match no width, so the layout is a phone's: the menu opens from the header.
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    const menu = screen.getByTestId('side-menu');
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy());
    expect(within(menu).getByRole('link', { name: 'Users' })).toBeTruthy();
    // The route table names the icons; the side menu draws them.
    for (const icon of ['dashboard', 'user']) expect(within(menu).getByRole('img', { name: icon })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Issues' })).toBeNull();
    expect(screen.getByTestId('help-banner')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /documentation|tour|new/i })).toHaveLength(3);
  });

  it('lets the user dismiss a help banner for good', async () => {
    renderAt('/dashboard', asUser([], 'free'));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss this tip' }));
    await waitFor(() => expect(screen.queryByTestId('help-banner')).toBeNull());
    cleanup();
    renderAt('/dashboard', asUser([], 'free'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.queryByTestId('help-banner')).toBeNull();
  });

  it('has no help banner on the template builder', async () => {
    renderAt('/checklist/template/t-1/edit', asUser(['CKL_MANAGE_TEMPLATES'], 'free'));
    // The fake server knows no template, so the builder says it could not open it.
    // The builder is the largest lazy chunk; importing it through jsdom takes seconds.
    const heading = await screen.findByRole('heading', { level: 1, name: 'This template could not be opened' }, { timeout: 20_000 });
    expect(heading).toBeTruthy();
    expect(screen.queryByTestId('help-banner')).toBeNull();
  });

  it('gives the inspection screen the whole viewport: the blank layout shows its switches elsewhere, not there', async () => {
    renderAt('/no/such/page', asUser([], 'free'));
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByTestId('lang-switcher')).toBeTruthy();
    cleanup();
    renderAt('/inspections/i-1', asUser(ALL_PERMISSIONS, 'enterprise'));
    // The fake server knows no inspection, so the screen says it could not open it.
    expect(await screen.findByRole('heading', { level: 1, name: 'The inspection could not be opened.' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('lang-switcher')).toBeNull();
  });

  it('refuses a route without its permission', async () => {
    renderAt('/user/list', asUser([], 'enterprise'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
  });

  it('offers an upgrade on a route the plan lacks', async () => {
    renderAt('/issues', asUser(ALL_PERMISSIONS, 'free'));
    expect(await screen.findByText('Upgrade to unlock this feature')).toBeTruthy();
    expect(screen.getByText('Issue tracking is available on the Premium plan and above.')).toBeTruthy();
    expect(screen.getByText('Try it free for 14 days. You can cancel at any time.')).toBeTruthy();
  });

  it('renders the translated coming-soon page for modules not built yet', async () => {
    renderAt('/assignment/list', asUser(ALL_PERMISSIONS, 'enterprise'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assignments' })).toBeTruthy();
    expect(screen.getByText(/coming in a future release/)).toBeTruthy();
  });

  it('shows page not found for unknown paths', async () => {
    renderAt('/no/such/page', asUser([], 'free'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('marks the current plan on the plans page', async () => {
    renderAt('/workspace/settings/plans', asUser([], 'standard'));
    const card = await screen.findByTestId('plan-card-standard');
    expect(await within(card).findByText('Current plan')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Compare plans' })).toBeTruthy();
  });
});
