export { registerAuthRoutes } from './auth.routes.ts';
export { describeAuth } from './auth.service.ts';
