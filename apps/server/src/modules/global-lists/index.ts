import type { ServerModule } from '../../platform/module.ts';
import { registerGlobalListRoutes } from './global-lists.routes.ts';

export const globalListsModule: ServerModule = { name: 'global-lists', mount: registerGlobalListRoutes };
