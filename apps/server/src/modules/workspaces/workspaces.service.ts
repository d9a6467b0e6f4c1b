import { ALL_PERMISSIONS, LANGUAGES, type AppSettings, type Permission, type Plan } from '@vigil/contracts';
import type { Executor } from '../../platform/db.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import {
  activateInvitedMembership,
  countWorkspaces,
  findDefaultRoleId,
  insertMembership,
  insertRole,
  insertWorkspace,
} from './workspaces.repo.ts';

/** Permissions of the default role new members get: they run inspections and read their own activity. */
const MEMBER_PERMISSIONS: readonly Permission[] = [
  'INS_VIEW_INSPECTION_LIST',
  'INS_VIEW_INSPECTION_REPORT',
  'INS_CONDUCT_INSPECTIONS',
  'ACT_VIEW_ISSUE_LIST',
  'ACT_VIEW_ISSUE',
  'SST_VIEW_ASSET',
  'RES_VIEW_GLOBAL_LISTS',
  'LOG_VIEW_MY_ACTIVITY',
];

const ROLE_NAMES = {
  administrator: { en: 'Administrator', fr: 'Administrateur', de: 'Administrator', ar: 'مسؤول' },
  member: { en: 'Member', fr: 'Membre', de: 'Mitglied', ar: 'عضو' },
};

function defaultAppSettings(displayName: string): AppSettings {
  return {
    display_name: displayName,
    logo: null,
    logo_full: null,
    langs: [...LANGUAGES],
    saved_queries_enabled: true,
    cas_enabled: false,
    cas_url: null,
    cas_logout_url: null,
    cas_assertion_key: null,
    cas_target_key: null,
  };
}

export interface NewWorkspace {
  name: string;
  branch: 'DE' | 'US';
  plan: Plan;
  /** The person who creates it; they become its administrator. */
  ownerId: string;
}

/** Creates a workspace with its system roles (administrator, default member) and its first administrator. */
export async function createWorkspace(executor: Executor, input: NewWorkspace) {
  const workspace = await insertWorkspace(executor, {
    name: input.name,
    branch: input.branch,
    plan: input.plan,
    appSettings: defaultAppSettings(input.name),
  });
  const ctx: TenantContext = {
    workspaceId: workspace.id,
    actor: { userId: input.ownerId, permissions: new Set(ALL_PERMISSIONS) },
    tx: executor,
  };
  const administratorRoleId = await insertRole(ctx, {
    nameLang: ROLE_NAMES.administrator,
    permissions: ALL_PERMISSIONS,
    isSystem: true,
    isDefault: false,
  });
  await insertRole(ctx, { nameLang: ROLE_NAMES.member, permissions: MEMBER_PERMISSIONS, isSystem: true, isDefault: true });
  await insertMembership(ctx, input.ownerId, [administratorRoleId]);
  return workspace;
}

/** Makes a person a member (active unless invited) with the given roles, or the workspace's default role. */
export async function addMember(
  ctx: TenantContext,
  userId: string,
  options: { roleIds?: readonly string[]; status?: 'active' | 'invited' } = {},
): Promise<void> {
  const defaultRoleId = options.roleIds?.length ? undefined : await findDefaultRoleId(ctx);
  const roleIds = options.roleIds?.length ? options.roleIds : defaultRoleId ? [defaultRoleId] : [];
  await insertMembership(ctx, userId, roleIds, options.status ?? 'active');
}

export { countWorkspaces };

/** Turns an open invitation into an active membership; false when there is none to accept. */
export async function acceptMembership(ctx: TenantContext, userId: string): Promise<boolean> {
  return activateInvitedMembership(ctx, userId);
}
