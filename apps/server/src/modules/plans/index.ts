export { registerPlanRoutes } from './plans.routes.ts';
