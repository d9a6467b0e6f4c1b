import type { ServerModule } from '../../platform/module.ts';
import { registerRoleRoutes } from './roles.routes.ts';

export const rolesModule: ServerModule = { name: 'roles', mount: registerRoleRoutes };
