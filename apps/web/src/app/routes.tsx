import type { ScreenCatalog } from '../lib/screen-catalog.ts';
import { ERROR_PATH, WORKSPACE_NOT_FOUND_PATH } from '../lib/paths.ts';
import { accountRoutes } from '../modules/account/routes.tsx';
import { assetsRoutes } from '../modules/assets/routes.tsx';
import { sitesRoutes } from '../modules/sites/routes.tsx';
import { authRoutes } from '../modules/auth/routes.tsx';
import { builderRoutes } from '../modules/builder/routes.tsx';
import { dashboardRoutes } from '../modules/dashboard/routes.tsx';
import { globalListsRoutes } from '../modules/global-lists/routes.tsx';
import { groupsRoutes } from '../modules/groups/routes.tsx';
import { inspectionsRoutes } from '../modules/inspections/routes.tsx';
import { kbRoutes } from '../modules/kb/routes.tsx';
import { logsRoutes } from '../modules/logs/routes.tsx';
import { plansRoutes } from '../modules/plans/routes.tsx';
import { rolesRoutes } from '../modules/roles/routes.tsx';
import { securityRoutes } from '../modules/security/routes.tsx';
import { ssoRoutes } from '../modules/sso/routes.tsx';
import { templatesRoutes } from '../modules/templates/routes.tsx';
import { usersRoutes } from '../modules/users/routes.tsx';
import { workspacesRoutes } from '../modules/workspaces/routes.tsx';
import { COMING_SOON_ROUTES, comingSoon } from './coming-soon-routes.ts';
import { byMenuOrder } from './menu/build-menu.ts';
import type { MenuIcon } from './menu/menu-icons.ts';
import { lazyPage, type AppRoute, type MenuGroupId } from './route-types.ts';

const shellPages = () => import('./pages/shell-pages.ts');

export const MENU_GROUPS: Record<MenuGroupId, { label: string; icon: MenuIcon }> = {
  analytics: { label: 'menu.analytics', icon: 'BarChartOutlined' },
  resources: { label: 'menu.resources', icon: 'FolderOutlined' },
  checklists: { label: 'menu.checklists', icon: 'CheckSquareOutlined' },
  logs: { label: 'menu.logs', icon: 'HistoryOutlined' },
};

/** The shell's own screens, open to everyone. */
const SHELL_ROUTES: readonly AppRoute[] = [
  { id: 'error', path: ERROR_PATH, layout: 'blank', open: true, lazy: lazyPage(shellPages, (m) => m.NotFoundPage) },
  {
    id: 'workspace_not_found',
    path: WORKSPACE_NOT_FOUND_PATH,
    layout: 'blank',
    open: true,
    lazy: lazyPage(shellPages, (m) => m.WorkspaceNotFoundPage),
  },
];

/**
 * The one route table: router, guards, side menu, titles and help banners all read it. Each module
 * declares its screens in its `routes.tsx`; adding a module is its import and one line here.
 */
export const ROUTES: readonly AppRoute[] = [
  ...SHELL_ROUTES,
  ...authRoutes,
  ...ssoRoutes,
  ...dashboardRoutes,
  ...assetsRoutes,
  ...inspectionsRoutes,
  ...sitesRoutes,
  ...globalListsRoutes,
  ...templatesRoutes,
  ...builderRoutes,
  ...usersRoutes,
  ...rolesRoutes,
  ...groupsRoutes,
  ...logsRoutes,
  ...accountRoutes,
  ...workspacesRoutes,
  ...securityRoutes,
  ...plansRoutes,
  ...kbRoutes,
  ...COMING_SOON_ROUTES,
];

/** Shown for any path the table does not know. */
export const NOT_FOUND_ROUTE: AppRoute = {
  id: 'not_found',
  path: '*',
  layout: 'blank',
  open: true,
  lazy: lazyPage(shellPages, (m) => m.NotFoundPage),
};

/** What the route table has built so far: shipped screens, and the menu entries still coming soon. */
export function describeScreens(routes: readonly AppRoute[]): ScreenCatalog {
  const shipped = new Set(routes.filter((route) => route.lazy !== comingSoon).map((route) => route.id));
  const comingSoonMenu: string[] = [];
  for (const route of byMenuOrder(routes)) {
    const group = route.menu?.group;
    if (!route.menu || shipped.has(route.id)) continue;
    if (!group) comingSoonMenu.push(route.menu.label);
    else if (!comingSoonMenu.includes(MENU_GROUPS[group].label) && routes.every((r) => r.menu?.group !== group || !shipped.has(r.id))) {
      comingSoonMenu.push(MENU_GROUPS[group].label);
    }
  }
  return { shipped, comingSoonMenu };
}
