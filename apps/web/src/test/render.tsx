import { render, screen } from '@testing-library/react';
import type { AuthState } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadAbilityBuilder } from '../app/providers/AbilityProvider.tsx';
import { AppProviders } from '../app/providers/AppProviders.tsx';
import { RouteTableContext } from '../app/route-table.ts';
import { ROUTES } from '../app/routes.tsx';
import { initI18n, loadFullCatalogue } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { authKeys } from '../lib/session.ts';

/**
 * Renders `ui` inside the app's providers with `session` as the logged-in session; at `/`, or at
 * `route.entry` under the route pattern `route.path` for a screen that reads its parameters.
 */
export async function renderWithSession(ui: ReactNode, session: AuthState | null, route = { path: '/', entry: '/' }) {
  // Loaded first, so a session's screen renders at once rather than after the loader.
  await Promise.all([initI18n('en').then(loadFullCatalogue), loadAbilityBuilder()]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.session, session);
  const router = createMemoryRouter(
    [
      { path: route.path, element: <RouteTableContext value={ROUTES}>{ui}</RouteTableContext> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [route.entry] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/**
 * The open dialog with this title. Under test antd gives every dialog's title the same id, so a
 * dialog's accessible name is not reliable once two have been open.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`No dialog around the title ${title}`);
  return dialog;
}
