export { activeWorkspaceIdsOf, createUser, endSessionsOf, findUserByEmail, findUserById, setPassword, type NewUser } from './users.service.ts';
export { registerUserRoutes } from './users.routes.ts';
export { updateUserProfile } from './users.repo.ts';
export { assertMayActOn } from './members.service.ts';
export { memberProfile } from './member-profile.ts';
