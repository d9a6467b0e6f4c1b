import type { ServerModule } from '../../platform/module.ts';
import { registerSavedQueryRoutes } from './saved-queries.routes.ts';

export { savedQueriesBlock, savedQueriesOf, withSavedQueries } from './saved-queries.service.ts';

export const savedQueriesModule: ServerModule = { name: 'saved-queries', mount: registerSavedQueryRoutes };
