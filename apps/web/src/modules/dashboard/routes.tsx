import { lazyPage, type AppRoute } from '../../app/route-types.ts';
import { HOME_PATH } from '../../lib/paths.ts';

export const dashboardRoutes: readonly AppRoute[] = [
  {
    id: 'dashboard',
    path: HOME_PATH,
    layout: 'vertical',
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.DashboardPage,
    ),
    menu: { label: 'menu.dashboard', icon: 'DashboardOutlined', order: 10 },
    help: 'quickstart',
  },
];
