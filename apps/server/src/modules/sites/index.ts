import type { ServerModule } from '../../platform/module.ts';
import { registerSiteRoutes } from './sites.routes.ts';

export const sitesModule: ServerModule = { name: 'sites', mount: registerSiteRoutes };
