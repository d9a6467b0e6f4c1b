import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

/** Site structures (spec 1 §2, spec 3 §5): any signed-in member reads them; `SST_MANAGE_ASSET` changes them. */
export const sitesRoutes: readonly AppRoute[] = [
  {
    id: 'site_structures',
    path: '/manage/sections',
    layout: 'vertical',
    lazy: lazyPage(pages, (m) => m.SiteStructureListPage),
  },
  {
    id: 'site_structure',
    path: '/section/:id',
    layout: 'vertical',
    lazy: lazyPage(pages, (m) => m.SiteStructurePage),
  },
];
