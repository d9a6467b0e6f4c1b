import type { ServerModule } from '../../platform/module.ts';
import { registerGlobalListRoutes } from './global-lists.routes.ts';
import { itemImportTarget } from './items.import.ts';

export const globalListsModule: ServerModule = {
  name: 'global-lists',
  mount: (app, services) => {
    services.imports.register(itemImportTarget);
    registerGlobalListRoutes(app, services);
  },
};
