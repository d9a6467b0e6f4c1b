import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const workspacesRoutes: readonly AppRoute[] = [
  {
    id: 'workspaces',
    path: '/settings/workspaces',
    layout: 'vertical',
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.WorkspacesPage,
    ),
  },
];
