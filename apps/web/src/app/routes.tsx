import type { ComponentType } from 'react';
import type { ScreenCatalog } from '../lib/screen-catalog.ts';
import { ERROR_PATH, HOME_PATH, KB_PATH, LOGIN_PATH, PLANS_PATH, WORKSPACE_NOT_FOUND_PATH } from '../lib/paths.ts';
import type { MenuIcon } from './menu/menu-icons.ts';
import type { AppRoute, LazyPage, MenuGroupId } from './route-types.ts';

/** Picks one page of a lazily loaded module, so that each module is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}

/** Modules that later issues build render this shared, translated placeholder. */
const comingSoon = page(() => import('./pages/ComingSoonPage.tsx'), (m) => m.ComingSoonPage);
const shellPages = () => import('./pages/shell-pages.ts');
// Each logged-out page is its own chunk: the login page is the first thing a visitor downloads.
const authPages = {
  login: () => import('../modules/auth/pages/LoginPage.tsx'),
  register: () => import('../modules/auth/pages/RegisterPage.tsx'),
  forgotPassword: () => import('../modules/auth/pages/ForgotPasswordPage.tsx'),
  resetPassword: () => import('../modules/auth/pages/ResetPasswordPage.tsx'),
  twoFactor: () => import('../modules/auth/pages/TwoFactorPage.tsx'),
};
const dashboard = () => import('../modules/dashboard/routes.tsx');
const kb = () => import('../modules/kb/routes.tsx');
const plans = () => import('../modules/plans/routes.tsx');
const users = () => import('../modules/users/routes.tsx');
const roles = () => import('../modules/roles/routes.tsx');
const account = () => import('../modules/account/routes.tsx');
const workspaces = () => import('../modules/workspaces/routes.tsx');
const groups = () => import('../modules/groups/routes.tsx');
const security = () => import('../modules/security/routes.tsx');
const sso = () => import('../modules/sso/routes.tsx');
const logs = () => import('../modules/logs/routes.tsx');
const builder = () => import('../modules/builder/routes.tsx');
const templates = () => import('../modules/templates/routes.tsx');

export const MENU_GROUPS: Record<MenuGroupId, { label: string; icon: MenuIcon }> = {
  analytics: { label: 'menu.analytics', icon: 'BarChartOutlined' },
  resources: { label: 'menu.resources', icon: 'FolderOutlined' },
  checklists: { label: 'menu.checklists', icon: 'CheckSquareOutlined' },
  logs: { label: 'menu.logs', icon: 'HistoryOutlined' },
};

/** The one route table: router, guards, side menu, titles and help banners all read it. */
export const ROUTES: readonly AppRoute[] = [
  // Logged-out screens (spec 1 §2)
  { id: 'login', path: LOGIN_PATH, layout: 'blank', public: true, lazy: page(authPages.login, (m) => m.LoginPage) },
  { id: 'register', path: '/register', layout: 'blank', public: true, lazy: page(authPages.register, (m) => m.RegisterPage) },
  { id: 'forgot_password', path: '/forgot-password', layout: 'blank', public: true, lazy: page(authPages.forgotPassword, (m) => m.ForgotPasswordPage) },
  { id: 'reset_password', path: '/reset-password/:email', layout: 'blank', public: true, lazy: page(authPages.resetPassword, (m) => m.ResetPasswordPage) },
  { id: 'two_factor', path: '/2fa/:email', layout: 'blank', public: true, lazy: page(authPages.twoFactor, (m) => m.TwoFactorPage) },

  // Open to everyone
  { id: 'error', path: ERROR_PATH, layout: 'blank', open: true, lazy: page(shellPages, (m) => m.NotFoundPage) },
  {
    id: 'workspace_not_found',
    path: WORKSPACE_NOT_FOUND_PATH,
    layout: 'blank',
    open: true,
    lazy: page(shellPages, (m) => m.WorkspaceNotFoundPage),
  },
  { id: 'oauth_callback', path: '/oauth-callback', layout: 'blank', open: true, lazy: page(sso, (m) => m.OAuthCallbackPage) },
  { id: 'library_public', path: '/checklist/library/public', layout: 'blank', open: true, lazy: comingSoon },

  // Side menu, in menu order
  {
    id: 'dashboard',
    path: HOME_PATH,
    layout: 'vertical',
    lazy: page(dashboard, (m) => m.DashboardPage),
    menu: { label: 'menu.dashboard', icon: 'DashboardOutlined' },
    help: 'quickstart',
  },
  {
    id: 'assignment_list',
    path: '/assignment/list',
    layout: 'vertical',
    permissions: ['AST_MANAGE_ASSIGNMENT'],
    lazy: comingSoon,
    menu: { label: 'menu.assignments', icon: 'CalendarOutlined' },
    help: 'assignments',
  },
  {
    id: 'assets',
    path: '/assets',
    layout: 'vertical',
    permissions: ['SST_VIEW_ASSET'],
    lazy: comingSoon,
    menu: { label: 'menu.assets', icon: 'AppstoreOutlined' },
    help: 'assets',
  },
  {
    id: 'inspections',
    path: '/inspections',
    layout: 'vertical',
    permissions: ['INS_VIEW_INSPECTION_LIST'],
    lazy: comingSoon,
    menu: { label: 'menu.inspections', icon: 'FileSearchOutlined' },
    help: 'inspections',
  },
  {
    id: 'issues',
    path: '/issues',
    layout: 'vertical',
    permissions: ['ACT_VIEW_ISSUE_LIST'],
    feature: 'act_create_issue',
    lazy: comingSoon,
    menu: { label: 'menu.issues', icon: 'WarningOutlined' },
    help: 'issues',
  },
  {
    id: 'analytics_overview',
    path: '/analytics/overview',
    layout: 'vertical',
    permissions: ['ANA_OVERVIEW_STATISTICS'],
    feature: 'ana_overview',
    lazy: comingSoon,
    menu: { label: 'menu.analytics_overview', group: 'analytics' },
    help: 'analytics_overview',
  },
  {
    id: 'analytics_issues',
    path: '/analytics/issues',
    layout: 'vertical',
    permissions: ['ANA_ISSUES_STATISTICS'],
    feature: 'ana_issues',
    lazy: comingSoon,
    menu: { label: 'menu.analytics_issues', group: 'analytics' },
    help: 'analytics_issues',
  },
  {
    id: 'analytics_responses',
    path: '/analytics/responses',
    layout: 'vertical',
    permissions: ['ANA_RESPONSES_STATISTICS'],
    feature: 'ana_responses',
    lazy: comingSoon,
    menu: { label: 'menu.analytics_responses', group: 'analytics' },
    help: 'analytics_responses',
  },
  {
    id: 'analytics_reports',
    path: '/analytics/reports',
    layout: 'vertical',
    permissions: ['ANA_REPORTS_STATISTICS'],
    feature: 'ana_reports',
    lazy: comingSoon,
    menu: { label: 'menu.analytics_reports', group: 'analytics' },
    help: 'analytics_reports',
  },
  {
    id: 'global_lists',
    path: '/resources/global-lists',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: comingSoon,
    menu: { label: 'menu.global_lists', group: 'resources' },
    help: 'global_lists',
  },
  {
    id: 'file_manager',
    path: '/resources/filemanager',
    layout: 'vertical',
    permissions: ['RES_MANAGE_FILE_MANAGER'],
    lazy: comingSoon,
    menu: { label: 'menu.file_manager', group: 'resources' },
    help: 'file_manager',
  },
  {
    id: 'checklist_templates',
    path: '/checklist/templates',
    layout: 'vertical',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: page(templates, (m) => m.TemplateListPage),
    menu: { label: 'menu.checklist_templates', group: 'checklists' },
  },
  {
    id: 'global_responses',
    path: '/checklist/global-response/list',
    layout: 'vertical',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: page(templates, (m) => m.GlobalResponseListPage),
    menu: { label: 'menu.global_responses', group: 'checklists' },
    help: 'global_responses',
  },
  {
    id: 'library',
    path: '/checklist/library',
    layout: 'vertical',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: comingSoon,
    menu: { label: 'menu.library', group: 'checklists' },
  },
  {
    id: 'users',
    path: '/user/list',
    layout: 'vertical',
    permissions: ['USR_VIEW_USER_LIST', 'USR_MANAGE_USER'],
    lazy: page(users, (m) => m.UserListPage),
    menu: { label: 'menu.users', icon: 'UserOutlined' },
    help: 'users',
  },
  {
    id: 'roles',
    path: '/user/role',
    layout: 'vertical',
    permissions: ['USR_MANAGE_ROLE'],
    lazy: page(roles, (m) => m.RoleListPage),
    menu: { label: 'menu.roles', icon: 'SafetyCertificateOutlined' },
    help: 'roles',
  },
  {
    id: 'groups',
    path: '/group/list',
    layout: 'vertical',
    permissions: ['USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP'],
    lazy: page(groups, (m) => m.GroupListPage),
    menu: { label: 'menu.groups', icon: 'TeamOutlined' },
    help: 'groups',
  },
  {
    id: 'activity_types',
    path: '/log/activity-types',
    layout: 'vertical',
    permissions: ['LOG_VIEW_ACTIVITY_TYPES'],
    lazy: page(logs, (m) => m.ActivityTypesPage),
    menu: { label: 'menu.activity_types', group: 'logs' },
  },
  {
    id: 'activity_log',
    path: '/log/activity-log',
    layout: 'vertical',
    permissions: ['LOG_VIEW_MY_ACTIVITY'],
    lazy: page(logs, (m) => m.MyActivityPage),
    menu: { label: 'menu.activity_log', group: 'logs' },
  },
  {
    id: 'user_activity_log',
    path: '/log/user-activity-log',
    layout: 'vertical',
    permissions: ['LOG_VIEW_USER_ACTIVITY'],
    lazy: page(logs, (m) => m.UserActivityPage),
    menu: { label: 'menu.user_activity_log', group: 'logs' },
  },

  // Logged-in screens outside the menu
  { id: 'assignment_add', path: '/assignment/add', layout: 'vertical', permissions: ['AST_MANAGE_ASSIGNMENT'], lazy: comingSoon },
  { id: 'assignment_edit', path: '/assignment/:id/edit', layout: 'vertical', permissions: ['AST_MANAGE_ASSIGNMENT'], lazy: comingSoon },
  { id: 'assets_archive', path: '/assets/archive', layout: 'vertical', permissions: ['SST_VIEW_ARCHIVED_ASSETS'], lazy: comingSoon },
  { id: 'asset_types', path: '/assets/types', layout: 'vertical', permissions: ['SST_VIEW_ASSET_TYPE'], lazy: comingSoon },
  {
    id: 'asset_types_archive',
    path: '/assets/types/archive',
    layout: 'vertical',
    permissions: ['SST_VIEW_ARCHIVED_ASSET_TYPES'],
    lazy: comingSoon,
  },
  { id: 'asset_detail', path: '/assets/:uuid', layout: 'vertical', permissions: ['SST_VIEW_ASSET'], lazy: comingSoon },
  { id: 'asset_type_detail', path: '/assets/types/:uuid', layout: 'vertical', permissions: ['SST_VIEW_ASSET_TYPE'], lazy: comingSoon },
  {
    id: 'inspection_report',
    path: '/inspections/:id/view-report',
    layout: 'vertical',
    permissions: ['INS_VIEW_INSPECTION_REPORT'],
    lazy: comingSoon,
  },
  {
    id: 'inspections_archive',
    path: '/inspections/archive',
    layout: 'vertical',
    permissions: ['INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    lazy: comingSoon,
  },
  {
    id: 'issue_detail',
    path: '/issues/:issueId',
    layout: 'vertical',
    permissions: ['ACT_VIEW_ISSUE'],
    feature: 'act_create_issue',
    lazy: comingSoon,
  },
  { id: 'issue_categories', path: '/issues/categories', layout: 'vertical', permissions: ['ACT_MANAGE_CATEGORY'], lazy: comingSoon },
  {
    id: 'issue_category',
    path: '/issues/categories/:categoryId',
    layout: 'vertical',
    permissions: ['ACT_MANAGE_CATEGORY'],
    lazy: comingSoon,
  },
  {
    id: 'global_lists_archive',
    path: '/resources/global-lists/archive',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: comingSoon,
  },
  {
    id: 'global_list',
    path: '/resources/global-lists/:uuid',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: comingSoon,
  },
  {
    id: 'global_list_items',
    path: '/resources/global-lists/:uuid/items',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: comingSoon,
  },
  {
    id: 'global_list_items_archive',
    path: '/resources/global-lists/:uuid/items/archive',
    layout: 'vertical',
    permissions: ['RES_MANAGE_GLOBAL_LISTS'],
    feature: 'ckl_global_list',
    lazy: comingSoon,
  },
  {
    id: 'template_edit',
    path: '/checklist/template/:templateId/edit',
    layout: 'blank',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: page(builder, (m) => m.BuilderPage),
  },
  {
    id: 'template_translations',
    path: '/checklist/template/:templateId/trans',
    layout: 'blank',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: comingSoon,
  },
  {
    id: 'group_users',
    path: '/group/:groupId/users',
    layout: 'vertical',
    permissions: ['USR_MANAGE_GROUP'],
    lazy: page(groups, (m) => m.GroupUsersPage),
  },
  {
    id: 'account_settings',
    path: '/user/account-settings',
    layout: 'vertical',
    lazy: page(account, (m) => m.AccountSettingsPage),
    help: 'account_settings',
  },
  { id: 'workspaces', path: '/settings/workspaces', layout: 'vertical', lazy: page(workspaces, (m) => m.WorkspacesPage) },
  {
    id: 'settings_organization',
    path: '/settings/organization',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
    help: 'settings_organization',
  },
  {
    id: 'settings_auth',
    path: '/settings/organization/auth/:auth',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    feature: 'app_sso',
    lazy: page(sso, (m) => m.AuthSettingsPage),
  },
  {
    id: 'settings_integration',
    path: '/settings/organization/integrations/:integration',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
  },
  {
    id: 'settings_integration_configure',
    path: '/settings/organization/integrations/:integration/configure/:configure',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
  },
  {
    id: 'settings_checklist',
    path: '/settings/checklist',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
    help: 'settings_checklist',
  },
  { id: 'settings_assignment', path: '/settings/assignment', layout: 'vertical', permissions: ['APP_VIEW_SETTINGS'], lazy: comingSoon },
  {
    id: 'settings_user',
    path: '/settings/user',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
    help: 'settings_user',
  },
  {
    id: 'settings_security',
    path: '/settings/security',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: page(security, (m) => m.SecuritySettingsPage),
    help: 'settings_security',
  },
  {
    id: 'settings_report',
    path: '/settings/report',
    layout: 'vertical',
    permissions: ['APP_VIEW_SETTINGS'],
    lazy: comingSoon,
    help: 'settings_report',
  },
  { id: 'plans', path: PLANS_PATH, layout: 'blank', lazy: page(plans, (m) => m.PlansPage) },
  { id: 'kb', path: KB_PATH, layout: 'vertical', lazy: page(kb, (m) => m.KbHomePage) },
  { id: 'kb_article', path: `${KB_PATH}/articles/:slug`, layout: 'vertical', lazy: page(kb, (m) => m.KbArticlePage) },
];

/** Shown for any path the table does not know. */
export const NOT_FOUND_ROUTE: AppRoute = {
  id: 'not_found',
  path: '*',
  layout: 'blank',
  open: true,
  lazy: page(shellPages, (m) => m.NotFoundPage),
};

/** What the route table has built so far: shipped screens, and the menu entries still coming soon. */
export function describeScreens(routes: readonly AppRoute[]): ScreenCatalog {
  const shipped = new Set(routes.filter((route) => route.lazy !== comingSoon).map((route) => route.id));
  const comingSoonMenu: string[] = [];
  for (const route of routes) {
    const group = route.menu?.group;
    if (!route.menu || shipped.has(route.id)) continue;
    if (!group) comingSoonMenu.push(route.menu.label);
    else if (!comingSoonMenu.includes(MENU_GROUPS[group].label) && routes.every((r) => r.menu?.group !== group || !shipped.has(r.id))) {
      comingSoonMenu.push(MENU_GROUPS[group].label);
    }
  }
  return { shipped, comingSoonMenu };
}
