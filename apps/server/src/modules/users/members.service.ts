import {
  pickName,
  SEARCH_LIMIT_USERS,
  SIGN_UP_LINK_HOURS,
  type ChangeStatusBody,
  type Language,
  type UserListQuery,
} from '@vigil/contracts';
import { EditBasicInfoBodySchema, InviteUserBodySchema } from '@vigil/contracts';
import type { z } from 'zod';
import { namesInOrder, recordActivity } from '../../platform/activity-log/index.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import { composeMail } from '../../platform/mail/compose.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { insertAccountToken, spendInvitations } from '../../platform/auth/account-tokens.ts';
import { addMember, findWorkspaceName } from '../workspaces/index.ts';
import {
  activeHoldersOf,
  deleteMembership,
  deleteSessionsInWorkspace,
  findDefaultRole,
  findMember,
  findRoles,
  listMembers,
  lockAdministratorRole,
  permissionsOfMembers,
  replaceMemberRoles,
  searchMembers,
  setMemberStatus,
  setMemberNames,
} from './members.repo.ts';
import { findUserByEmail, findUserById, insertUser } from './users.repo.ts';

export interface CallInfo {
  ip: string;
  language: Language;
  publicUrl: string;
}

const conflict = (key: 'users.not_invited' | 'users.not_deactivated' | 'users.not_active') => new AppError(409, '_CONFLICT', key);
const lastAdministrator = () => new AppError(409, 'USR_LAST_ADMINISTRATOR', 'users.last_administrator');
const invitedNotEditable = () => new AppError(409, 'USR_MEMBER_INVITED', 'users.invited_not_editable');
const escalation = () => new AppError(403, 'USR_PERMISSION_ESCALATION', 'users.permission_escalation');

export const listUsers = (ctx: TenantContext, query: UserListQuery) => listMembers(ctx, query);
export const searchUsers = (ctx: TenantContext, q: string | undefined) => searchMembers(ctx, q, SEARCH_LIMIT_USERS);

/**
 * Nobody acts on members who hold a permission the actor lacks: editing, deactivating, re-inviting or
 * regrouping them would let the actor steer someone more powerful than themselves.
 */
export async function assertMayActOn(ctx: TenantContext, userIds: readonly string[]): Promise<void> {
  const held = await permissionsOfMembers(ctx, userIds);
  if ([...held].some((permission) => !ctx.actor.permissions.has(permission))) throw escalation();
}

/** The member the actor is about to act on: 404 outside the workspace, 403 when they hold more than the actor. */
async function memberToActOn(ctx: TenantContext, userId: string) {
  const member = await findMember(ctx, userId);
  if (!member) throw notFound();
  await assertMayActOn(ctx, [userId]);
  return member;
}

/** The roles an invitation gives: the chosen ones, else the workspace's default role; all grantable by the actor. */
async function invitationRoles(ctx: TenantContext, chosen: readonly string[] | undefined) {
  if (chosen?.length) return grantableRoles(ctx, chosen);
  const fallback = await findDefaultRole(ctx);
  return fallback ? grantableRoles(ctx, [fallback.id]) : [];
}

/** Roles of this workspace that the actor may hand out: each must hold only permissions the actor holds. */
async function grantableRoles(ctx: TenantContext, roleIds: readonly string[]) {
  const unique = [...new Set(roleIds)];
  const found = await findRoles(ctx, unique);
  if (found.length !== unique.length) throw validationFailed({ roles: [message('users.role_not_found')] });
  if (found.some((role) => role.permissions.some((permission) => !ctx.actor.permissions.has(permission)))) throw escalation();
  return unique;
}

/** Refuses a change that would leave the workspace without an active administrator. */
async function keepAnAdministrator(ctx: TenantContext, userId: string, change: 'leave' | { roles: readonly string[] }) {
  const adminRoleId = await lockAdministratorRole(ctx);
  if (!adminRoleId) return;
  const holders = await activeHoldersOf(ctx, adminRoleId);
  if (!holders.includes(userId)) return;
  const stillAdmin = change !== 'leave' && change.roles.includes(adminRoleId);
  if (!stillAdmin && holders.length <= 1) throw lastAdministrator();
}

async function sendInvitation(
  ctx: TenantContext,
  call: CallInfo,
  user: { id: string; email: string; firstName: string; locale: Language; passwordHash: string | null },
  inviteeLanguage: Language,
) {
  const now = new Date();
  await spendInvitations(ctx.tx, user.email, ctx.workspaceId, now);
  const token = randomToken();
  await insertAccountToken(ctx.tx, {
    id: sha256(token),
    purpose: 'invite',
    email: user.email,
    userId: user.id,
    payload: { workspace_id: ctx.workspaceId },
    expiresAt: new Date(now.getTime() + SIGN_UP_LINK_HOURS * 3_600_000),
  });
  const workspaceName = await findWorkspaceName(ctx.tx, ctx.workspaceId);
  const inviter = await findUserById(ctx.tx, ctx.actor.userId);
  const link = `${call.publicUrl}/reset-password/${encodeURIComponent(user.email)}?${new URLSearchParams({ token }).toString()}`;
  const params = {
    name: user.firstName,
    inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : '',
    workspace: workspaceName ?? '',
    link,
  };
  const language = user.passwordHash ? user.locale : inviteeLanguage;
  await queueMail(
    ctx.tx,
    composeMail({
      to: user.email,
      language,
      subject: 'mail.invite.subject',
      text: 'mail.invite.text',
      params,
      validFor: { hours: SIGN_UP_LINK_HOURS },
    }),
  );
}

export async function inviteUser(ctx: TenantContext, body: z.infer<typeof InviteUserBodySchema>, call: CallInfo) {
  const roleIds = await invitationRoles(ctx, body.roles);
  let user = await findUserByEmail(ctx.tx, body.email);
  if (user && (await findMember(ctx, user.id))) throw validationFailed({ email: [message('users.already_member')] });
  const names = { firstName: body.first_name, lastName: body.last_name, nickName: body.nick_name ?? null };
  // A new address becomes an account named as typed; an existing account keeps its own names.
  user ??= await insertUser(ctx.tx, { email: body.email, ...names, passwordHash: null, locale: body.locale ?? call.language });
  await addMember(ctx, user.id, { roleIds, status: 'invited' });
  await setMemberNames(ctx, user.id, names);
  await sendInvitation(ctx, call, user, body.locale ?? call.language);
  const member = (await findMember(ctx, user.id))!;
  await recordActivity(ctx, {
    type: 'user.invited',
    objectType: 'user',
    objectId: user.id,
    after: { email: member.email, roles: member.roles.flatMap((role) => pickName(role.name_lang) ?? []) },
    ip: call.ip,
  });
  return member;
}

export async function resendInvitation(ctx: TenantContext, userId: string, call: CallInfo) {
  const member = await memberToActOn(ctx, userId);
  if (member.status !== 'invited') throw conflict('users.not_invited');
  const user = await findUserById(ctx.tx, userId);
  await sendInvitation(ctx, call, user, user.locale);
  await recordActivity(ctx, { type: 'user.invitation_resent', objectType: 'user', objectId: userId, ip: call.ip });
}

export async function cancelInvitation(ctx: TenantContext, userId: string, call: CallInfo) {
  const member = await memberToActOn(ctx, userId);
  if (member.status !== 'invited') throw conflict('users.not_invited');
  await deleteMembership(ctx, userId);
  await spendInvitations(ctx.tx, member.email, ctx.workspaceId, new Date());
  await recordActivity(ctx, {
    type: 'user.invitation_cancelled',
    objectType: 'user',
    objectId: userId,
    objectName: member.full_name || member.email,
    before: { email: member.email },
    ip: call.ip,
  });
}

export async function changeStatus(ctx: TenantContext, userId: string, body: ChangeStatusBody, call: CallInfo) {
  const member = await memberToActOn(ctx, userId);
  if (body.status === 'active') {
    if (member.status !== 'deactivated') throw conflict('users.not_deactivated');
    await setMemberStatus(ctx, userId, 'active');
    await recordActivity(ctx, {
      type: 'user.activated',
      objectType: 'user',
      objectId: userId,
      before: { status: member.status },
      after: { status: 'active' },
      ip: call.ip,
    });
  } else {
    if (member.status !== 'active') throw conflict('users.not_active');
    await keepAnAdministrator(ctx, userId, 'leave');
    await setMemberStatus(ctx, userId, 'deactivated');
    await deleteSessionsInWorkspace(ctx, userId);
    await recordActivity(ctx, {
      type: 'user.deactivated',
      objectType: 'user',
      objectId: userId,
      before: { status: member.status },
      after: { status: 'deactivated' },
      ip: call.ip,
    });
  }
  return (await findMember(ctx, userId))!;
}

/** Sets this workspace's names for an accepted member; the person's own profile stays theirs. */
export async function editBasicInfo(ctx: TenantContext, userId: string, body: z.output<typeof EditBasicInfoBodySchema>, call: CallInfo) {
  const member = await memberToActOn(ctx, userId);
  if (member.status === 'invited') throw invitedNotEditable();
  await setMemberNames(ctx, userId, { firstName: body.first_name, lastName: body.last_name, nickName: body.nick_name ?? null });
  const after = (await findMember(ctx, userId))!;
  await recordActivity(ctx, {
    type: 'user.updated',
    objectType: 'user',
    objectId: userId,
    before: { first_name: member.first_name, last_name: member.last_name, nick_name: member.nick_name },
    after: { first_name: after.first_name, last_name: after.last_name, nick_name: after.nick_name },
    ip: call.ip,
  });
  return after;
}

export async function updateRoles(ctx: TenantContext, userId: string, roleIds: readonly string[], call: CallInfo) {
  const member = await memberToActOn(ctx, userId);
  const unique = await grantableRoles(ctx, roleIds);
  await keepAnAdministrator(ctx, userId, { roles: unique });
  await replaceMemberRoles(ctx, userId, unique);
  const after = (await findMember(ctx, userId))!;
  await recordActivity(ctx, {
    type: 'user.roles_updated',
    objectType: 'user',
    objectId: userId,
    before: { roles: member.roles.flatMap((role) => pickName(role.name_lang) ?? []) },
    after: { roles: await namesInOrder(ctx, 'role', unique) },
    ip: call.ip,
  });
  return after;
}
