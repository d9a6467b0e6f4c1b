export { registerWorkspaceRoutes } from './workspaces.routes.ts';
export { acceptMembership, addMember, countWorkspaces, createWorkspace, defaultAppSettings, type NewWorkspace } from './workspaces.service.ts';
export { findWorkspaceName } from './workspaces.repo.ts';
