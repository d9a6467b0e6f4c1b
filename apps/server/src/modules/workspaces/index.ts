import type { ServerModule } from '../../platform/module.ts';
import { registerWorkspaceRoutes } from './workspaces.routes.ts';
export { acceptMembership, addMember, countWorkspaces, createWorkspace, type NewWorkspace } from './workspaces.service.ts';
export { findAppSettings, findWorkspaceName } from './workspaces.repo.ts';
export const workspacesModule: ServerModule = { name: 'workspaces', mount: registerWorkspaceRoutes };
