export { acceptMembership, addMember, countWorkspaces, createWorkspace, defaultAppSettings, type NewWorkspace } from './workspaces.service.ts';
