export { registerSsoRoutes } from './sso.routes.ts';
export { assertMayEnterWorkspace, passwordSignInWorkspace } from './sso.service.ts';
