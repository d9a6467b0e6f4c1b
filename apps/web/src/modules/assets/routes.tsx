import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const assetsRoutes: readonly AppRoute[] = [
  {
    id: 'assets',
    path: '/assets',
    layout: 'vertical',
    permissions: ['SST_VIEW_ASSET'],
    lazy: lazyPage(pages, (m) => m.AssetListPage),
    menu: { label: 'menu.assets', icon: 'AppstoreOutlined', order: 30 },
    help: 'assets',
  },
  {
    id: 'assets_archive',
    path: '/assets/archive',
    layout: 'vertical',
    permissions: ['SST_VIEW_ARCHIVED_ASSETS', 'SST_MANAGE_ASSET'],
    lazy: lazyPage(pages, (m) => m.AssetArchivePage),
  },
  {
    id: 'asset_types',
    path: '/assets/types',
    layout: 'vertical',
    permissions: ['SST_VIEW_ASSET_TYPE'],
    lazy: lazyPage(pages, (m) => m.AssetTypeListPage),
  },
  {
    id: 'asset_types_archive',
    path: '/assets/types/archive',
    layout: 'vertical',
    permissions: ['SST_VIEW_ARCHIVED_ASSET_TYPES', 'SST_MANAGE_ASSET_TYPE'],
    lazy: lazyPage(pages, (m) => m.AssetTypeArchivePage),
  },
  {
    id: 'asset_detail',
    path: '/assets/:uuid',
    layout: 'vertical',
    permissions: ['SST_VIEW_ASSET'],
    lazy: lazyPage(pages, (m) => m.AssetDetailPage),
  },
  {
    id: 'asset_type_detail',
    path: '/assets/types/:uuid',
    layout: 'vertical',
    permissions: ['SST_VIEW_ASSET_TYPE'],
    lazy: lazyPage(pages, (m) => m.AssetTypeDetailPage),
  },
];
