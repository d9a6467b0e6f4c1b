import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const rolesRoutes: readonly AppRoute[] = [
  {
    id: 'roles',
    path: '/user/role',
    layout: 'vertical',
    permissions: ['USR_MANAGE_ROLE'],
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.RoleListPage,
    ),
    menu: { label: 'menu.roles', icon: 'SafetyCertificateOutlined', order: 100 },
    help: 'roles',
  },
];
