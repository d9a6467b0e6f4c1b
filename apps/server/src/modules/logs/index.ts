import type { ServerModule } from '../../platform/module.ts';
import { registerLogRoutes } from './logs.routes.ts';

export const logsModule: ServerModule = { name: 'logs', mount: registerLogRoutes };
