import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const groupsRoutes: readonly AppRoute[] = [
  {
    id: 'groups',
    path: '/group/list',
    layout: 'vertical',
    permissions: ['USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP'],
    lazy: lazyPage(pages, (m) => m.GroupListPage),
    menu: { label: 'menu.groups', icon: 'TeamOutlined', order: 110 },
    help: 'groups',
  },
  {
    id: 'group_users',
    path: '/group/:groupId/users',
    layout: 'vertical',
    permissions: ['USR_MANAGE_GROUP'],
    lazy: lazyPage(pages, (m) => m.GroupUsersPage),
  },
];
