import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const builderRoutes: readonly AppRoute[] = [
  {
    id: 'template_edit',
    path: '/checklist/template/:templateId/edit',
    layout: 'blank',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.BuilderPage,
    ),
  },
];
