export { registerLogRoutes } from './logs.routes.ts';
