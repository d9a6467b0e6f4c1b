import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LogoLoader } from '../components/LogoLoader.tsx';
import { loadFullCatalogue } from '../lib/i18n.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { BlankLayout } from './layouts/BlankLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import type { AppRoute } from './route-types.ts';
import { describeScreens, NOT_FOUND_ROUTE, ROUTES } from './routes.tsx';

async function loadVerticalLayout() {
  const [layout] = await Promise.all([import('./layouts/VerticalLayout.tsx'), loadFullCatalogue()]);
  return { Component: layout.VerticalLayout };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Public pages speak the public namespaces only; any other screen loads the whole catalogue with its code.
 * A route's `prefetch` runs as its loader, which the router starts on every navigation right after asking for the
 * route's code; that code is then asked for a task later, so that the data's one request leaves ahead of the
 * screen's many files (a browser fetches six at a time from a server without HTTP/2).
 */
function toRouteObject(route: AppRoute): RouteObject {
  const { prefetch } = route;
  const code = prefetch ? () => nextTask().then(route.lazy) : route.lazy;
  const lazy = route.public ? code : async () => (await Promise.all([code(), loadFullCatalogue()]))[0];
  if (!prefetch) return { id: route.id, path: route.path, lazy, handle: route };
  const loader = ({ params }: LoaderFunctionArgs) => {
    prefetch(params);
    return null;
  };
  return { id: route.id, path: route.path, lazy, loader, handle: route };
}

/** The route table as a data router: one branch per layout; the table entry is each route's `handle`. */
export function createAppRouter(routes: readonly AppRoute[] = ROUTES) {
  return createBrowserRouter([
    {
      element: <RootLayout routes={routes} screens={describeScreens(routes)} />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LogoLoader />,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        // The side menu and header load with the first signed-in screen, so the login page does not carry them.
        { lazy: loadVerticalLayout, children: routes.filter((r) => r.layout === 'vertical').map(toRouteObject) },
        {
          element: <BlankLayout />,
          children: [...routes.filter((r) => r.layout === 'blank'), NOT_FOUND_ROUTE].map(toRouteObject),
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
