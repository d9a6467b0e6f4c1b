export { registerAuthRoutes } from './auth.routes.ts';
