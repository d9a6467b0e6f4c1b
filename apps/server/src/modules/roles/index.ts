export { registerRoleRoutes } from './roles.routes.ts';
