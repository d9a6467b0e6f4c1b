export { registerGroupRoutes } from './groups.routes.ts';
