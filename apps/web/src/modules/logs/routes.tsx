import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const logsRoutes: readonly AppRoute[] = [
  {
    id: 'activity_types',
    path: '/log/activity-types',
    layout: 'vertical',
    permissions: ['LOG_VIEW_ACTIVITY_TYPES'],
    lazy: lazyPage(pages, (m) => m.ActivityTypesPage),
    menu: { label: 'menu.activity_types', group: 'logs', order: 120 },
  },
  {
    id: 'activity_log',
    path: '/log/activity-log',
    layout: 'vertical',
    permissions: ['LOG_VIEW_MY_ACTIVITY'],
    lazy: lazyPage(pages, (m) => m.MyActivityPage),
    menu: { label: 'menu.activity_log', group: 'logs', order: 121 },
  },
  {
    id: 'user_activity_log',
    path: '/log/user-activity-log',
    layout: 'vertical',
    permissions: ['LOG_VIEW_USER_ACTIVITY'],
    lazy: lazyPage(pages, (m) => m.UserActivityPage),
    menu: { label: 'menu.user_activity_log', group: 'logs', order: 122 },
  },
];
