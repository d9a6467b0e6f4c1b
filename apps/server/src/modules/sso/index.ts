export { registerSsoRoutes } from './sso.routes.ts';
export { passwordSignInWorkspace } from './sso.service.ts';
