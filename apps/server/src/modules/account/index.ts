export { registerAccountRoutes } from './account.routes.ts';
