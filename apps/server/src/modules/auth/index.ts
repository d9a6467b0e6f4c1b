import type { ServerModule } from '../../platform/module.ts';
import { registerAuthRoutes } from './auth.routes.ts';

export const authModule: ServerModule = { name: 'auth', mount: registerAuthRoutes };
