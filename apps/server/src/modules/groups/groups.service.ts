import { pickName, SEARCH_LIMIT_USER_GROUPS, type Group } from '@vigil/contracts';
import { namesInOrder, recordActivity } from '../../platform/activity-log/index.ts';
import { message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assertMayActOn } from '../users/index.ts';
import {
  addGroupMembers,
  deleteGroup,
  findGroup,
  groupMembersOf,
  insertGroup,
  removeGroupMembers,
  searchUsersAndGroups,
  updateGroup,
  workspaceMemberIds,
} from './groups.repo.ts';

async function groupOrNotFound(ctx: TenantContext, id: string): Promise<Group> {
  const group = await findGroup(ctx, id);
  if (!group) throw notFound();
  return group;
}

export async function createGroup(ctx: TenantContext, nameLang: Record<string, string>, ip: string) {
  const id = await insertGroup(ctx, nameLang);
  await recordActivity(ctx, { type: 'group.created', objectType: 'group', objectId: id, after: { name_lang: nameLang }, ip });
  return (await findGroup(ctx, id))!;
}

export async function editGroup(ctx: TenantContext, id: string, nameLang: Record<string, string>, ip: string) {
  const before = await groupOrNotFound(ctx, id);
  await updateGroup(ctx, id, nameLang);
  await recordActivity(ctx, {
    type: 'group.updated',
    objectType: 'group',
    objectId: id,
    before: { name_lang: before.name_lang },
    after: { name_lang: nameLang },
    ip,
  });
  return (await findGroup(ctx, id))!;
}

export async function removeGroup(ctx: TenantContext, id: string, ip: string) {
  const before = await groupOrNotFound(ctx, id);
  await deleteGroup(ctx, id);
  await recordActivity(ctx, {
    type: 'group.deleted',
    objectType: 'group',
    objectId: id,
    objectName: pickName(before.name_lang),
    before: { name_lang: before.name_lang },
    ip,
  });
}

export async function membersOfGroup(ctx: TenantContext, id: string) {
  await groupOrNotFound(ctx, id);
  return groupMembersOf(ctx, id);
}

export async function addMembersToGroup(ctx: TenantContext, id: string, userIds: string[], ip: string) {
  await groupOrNotFound(ctx, id);
  const unique = [...new Set(userIds)];
  const known = await workspaceMemberIds(ctx, unique);
  if (known.length !== unique.length) throw validationFailed({ users: [message('groups.user_not_member')] });
  await assertMayActOn(ctx, unique);
  await addGroupMembers(ctx, id, unique);
  await recordActivity(ctx, {
    type: 'group.members_added',
    objectType: 'group',
    objectId: id,
    after: { users: await namesInOrder(ctx, 'user', unique) },
    ip,
  });
  return groupMembersOf(ctx, id);
}

export async function removeMembersFromGroup(ctx: TenantContext, id: string, userIds: string[], ip: string) {
  await groupOrNotFound(ctx, id);
  await assertMayActOn(ctx, userIds);
  await removeGroupMembers(ctx, id, userIds);
  await recordActivity(ctx, {
    type: 'group.members_removed',
    objectType: 'group',
    objectId: id,
    before: { users: await namesInOrder(ctx, 'user', userIds) },
    ip,
  });
  return groupMembersOf(ctx, id);
}

export const searchUserGroup = (ctx: TenantContext, q: string | undefined) => searchUsersAndGroups(ctx, q, SEARCH_LIMIT_USER_GROUPS);
