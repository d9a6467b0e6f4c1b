import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const globalListsRoutes: readonly AppRoute[] = [
  {
    id: 'global_lists',
    path: '/resources/global-lists',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: lazyPage(pages, (m) => m.GlobalListsPage),
    menu: { label: 'menu.global_lists', group: 'resources', order: 70 },
    help: 'global_lists',
  },
  {
    id: 'global_lists_archive',
    path: '/resources/global-lists/archive',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: lazyPage(pages, (m) => m.GlobalListArchivePage),
  },
  {
    id: 'global_list',
    path: '/resources/global-lists/:uuid',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: lazyPage(pages, (m) => m.GlobalListDetailPage),
  },
  {
    id: 'global_list_items',
    path: '/resources/global-lists/:uuid/items',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: lazyPage(pages, (m) => m.GlobalListItemsPage),
  },
  {
    id: 'global_list_items_archive',
    path: '/resources/global-lists/:uuid/items/archive',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: lazyPage(pages, (m) => m.GlobalListItemArchivePage),
  },
];
