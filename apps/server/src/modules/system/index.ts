import type { ServerModule } from '../../platform/module.ts';
import { registerSystemRoutes } from './system.routes.ts';

export const systemModule: ServerModule = { name: 'system', mount: (app, { database }) => registerSystemRoutes(app, database) };
