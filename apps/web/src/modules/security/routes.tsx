import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const securityRoutes: readonly AppRoute[] = [
  {
    id: 'settings_security',
    path: '/settings/security',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.SecuritySettingsPage,
    ),
    help: 'settings_security',
  },
];
