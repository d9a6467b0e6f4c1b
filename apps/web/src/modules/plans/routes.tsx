import { lazyPage, type AppRoute } from '../../app/route-types.ts';
import { PLANS_PATH } from '../../lib/paths.ts';

export const plansRoutes: readonly AppRoute[] = [
  {
    id: 'plans',
    path: PLANS_PATH,
    layout: 'blank',
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.PlansPage,
    ),
  },
];
