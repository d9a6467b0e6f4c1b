import type { ServerModule } from '../../platform/module.ts';
import { registerAccountRoutes } from './account.routes.ts';

export const accountModule: ServerModule = { name: 'account', mount: registerAccountRoutes };
