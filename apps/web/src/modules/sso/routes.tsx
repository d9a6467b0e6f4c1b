import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const ssoRoutes: readonly AppRoute[] = [
  { id: 'oauth_callback', path: '/oauth-callback', layout: 'blank', open: true, lazy: lazyPage(pages, (m) => m.OAuthCallbackPage) },
  {
    id: 'settings_auth',
    path: '/settings/organization/auth/:auth',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    feature: 'app_sso',
    lazy: lazyPage(pages, (m) => m.AuthSettingsPage),
  },
];
