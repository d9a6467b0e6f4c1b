export { activeWorkspaceIdsOf, createUser, endSessionsOf, findUserByEmail, findUserById, setPassword, type NewUser } from './users.service.ts';
