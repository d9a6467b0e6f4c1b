/** Every kind of activity record the API writes, grouped by the area that writes it. */
export const ACTIVITY_TYPE_GROUPS = {
  account: ['user.registered', 'user.password_reset', 'user.password_changed', 'user.profile_updated'],
  users: ['user.invited', 'user.invitation_accepted', 'user.invitation_resent', 'user.invitation_cancelled', 'user.activated', 'user.deactivated', 'user.updated', 'user.roles_updated'],
  roles: ['role.created', 'role.updated', 'role.deleted'],
  groups: ['group.created', 'group.updated', 'group.deleted', 'group.members_added', 'group.members_removed'],
  workspaces: ['workspace.created'],
} as const satisfies Record<string, readonly string[]>;

export type ActivityTypeGroup = keyof typeof ACTIVITY_TYPE_GROUPS;
export type ActivityType = (typeof ACTIVITY_TYPE_GROUPS)[ActivityTypeGroup][number];
export const ACTIVITY_TYPES: readonly ActivityType[] = Object.values(ACTIVITY_TYPE_GROUPS).flat();
