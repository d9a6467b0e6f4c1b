import type { ServerModule } from '../../platform/module.ts';
import { registerUserRoutes } from './users.routes.ts';

export {
  activeWorkspaceIdsOf,
  createUser,
  endSessionsOf,
  findUserByEmail,
  findUserById,
  setPassword,
  type NewUser,
} from './users.service.ts';
export { updateUserProfile } from './users.repo.ts';
export { assertMayActOn } from './members.service.ts';
export { memberProfile } from './member-profile.ts';
/** Names of the people this workspace's records name (an auditor, a person answer), and whether each is an active member. */
export { peopleByIds } from './members.repo.ts';
/** Active members by a text in their names, for a record that names a person (names only, no e-mail). */
export { searchActivePeople } from './members.repo.ts';

export const usersModule: ServerModule = { name: 'users', mount: registerUserRoutes };
