import type { ServerModule } from '../../platform/module.ts';
import { registerAssetRoutes } from './assets.routes.ts';

export const assetsModule: ServerModule = { name: 'assets', mount: registerAssetRoutes };
