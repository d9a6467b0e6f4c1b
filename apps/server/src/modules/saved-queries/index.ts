export { registerSavedQueryRoutes } from './saved-queries.routes.ts';
export { savedQueriesBlock, savedQueriesOf } from './saved-queries.service.ts';
