import { render } from '@testing-library/react';
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

/** Renders `ui` inside the app's providers with `session` as the logged-in session. */
export async function renderWithSession(ui: ReactNode, session: AuthState | null) {
  // Loaded first, so a session's screen renders at once rather than after the loader.
  await Promise.all([initI18n('en').then(loadFullCatalogue), loadAbilityBuilder()]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.session, session);
  const router = createMemoryRouter([
    { path: '/', element: <RouteTableContext value={ROUTES}>{ui}</RouteTableContext> },
    { path: '*', element: <p>elsewhere</p> },
  ]);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
