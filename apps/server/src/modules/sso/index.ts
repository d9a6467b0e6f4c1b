import type { ServerModule } from '../../platform/module.ts';
import { registerSsoRoutes } from './sso.routes.ts';

export { assertMayEnterWorkspace, passwordSignInWorkspace } from './sso.service.ts';

export const ssoModule: ServerModule = { name: 'sso', mount: registerSsoRoutes };
