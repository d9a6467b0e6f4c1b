import { accountModule } from './modules/account/index.ts';
import { authModule } from './modules/auth/index.ts';
import { checklistSettingsModule } from './modules/checklist-settings/index.ts';
import { assetsModule } from './modules/assets/index.ts';
import { globalListsModule } from './modules/global-lists/index.ts';
import { groupsModule } from './modules/groups/index.ts';
import { inspectionsModule } from './modules/inspections/index.ts';
import { logsModule } from './modules/logs/index.ts';
import { plansModule } from './modules/plans/index.ts';
import { registrationModule } from './modules/registration/index.ts';
import { rolesModule } from './modules/roles/index.ts';
import { savedQueriesModule } from './modules/saved-queries/index.ts';
import { sitesModule } from './modules/sites/index.ts';
import { ssoModule } from './modules/sso/index.ts';
import { systemModule } from './modules/system/index.ts';
import { templatesModule } from './modules/templates/index.ts';
import { twoFactorModule } from './modules/two-factor/index.ts';
import { usersModule } from './modules/users/index.ts';
import { workspacesModule } from './modules/workspaces/index.ts';
import type { ServerModule } from './platform/module.ts';

/** Every module the server mounts: adding a module is its import and one line here. */
export const SERVER_MODULES: readonly ServerModule[] = [
  systemModule,
  authModule,
  registrationModule,
  twoFactorModule,
  ssoModule,
  plansModule,
  accountModule,
  workspacesModule,
  usersModule,
  rolesModule,
  groupsModule,
  logsModule,
  savedQueriesModule,
  templatesModule,
  checklistSettingsModule,
  assetsModule,
  globalListsModule,
  sitesModule,
  inspectionsModule,
];
