import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const accountRoutes: readonly AppRoute[] = [
  {
    id: 'account_settings',
    path: '/user/account-settings',
    layout: 'vertical',
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.AccountSettingsPage,
    ),
    help: 'account_settings',
  },
];
