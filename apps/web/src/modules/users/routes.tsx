import { lazyPage, type AppRoute } from '../../app/route-types.ts';

export const usersRoutes: readonly AppRoute[] = [
  {
    id: 'users',
    path: '/user/list',
    layout: 'vertical',
    permissions: ['USR_VIEW_USER_LIST', 'USR_MANAGE_USER'],
    lazy: lazyPage(
      () => import('./pages.ts'),
      (m) => m.UserListPage,
    ),
    menu: { label: 'menu.users', icon: 'UserOutlined', order: 90 },
    help: 'users',
  },
];
