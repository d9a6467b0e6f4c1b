import type { ServerModule } from '../../platform/module.ts';
import { registerAssetLabelRoutes } from './asset-labels.routes.ts';
import { assetImportTarget } from './assets.import.ts';
import { registerAssetRoutes } from './assets.routes.ts';

/** The named assets of the workspace (others' are not found), with whether they are archived: what a site shows. */
export { assetsByIds } from './assets.repo.ts';
/** A condition for another module's query: the asset a row names is in use (and matches a text). */
export { assetInUse } from './assets.repo.ts';

export const assetsModule: ServerModule = {
  name: 'assets',
  mount: (app, services) => {
    services.imports.register(assetImportTarget);
    registerAssetRoutes(app, services);
    registerAssetLabelRoutes(app, services);
  },
};
