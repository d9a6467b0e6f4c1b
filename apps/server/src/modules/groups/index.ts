import type { ServerModule } from '../../platform/module.ts';
import { registerGroupRoutes } from './groups.routes.ts';

export const groupsModule: ServerModule = { name: 'groups', mount: registerGroupRoutes };
