import { pickName, type Role, type RoleBodySchema } from '@vigil/contracts';
import type { z } from 'zod';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { deleteRole, findRole, insertRole, languagesWithTakenName, markDefault, updateRole } from './roles.repo.ts';

type Body = z.output<typeof RoleBodySchema>;

const escalation = () => new AppError(403, 'USR_PERMISSION_ESCALATION', 'users.permission_escalation');
const systemRole = () => new AppError(409, '_CONFLICT', 'roles.system');
const defaultRole = () => new AppError(409, '_CONFLICT', 'roles.default_required');

/** Nobody writes a role holding a permission they do not hold themselves. */
function assertHeld(ctx: TenantContext, permissions: readonly string[]) {
  if (permissions.some((permission) => !ctx.actor.permissions.has(permission))) throw escalation();
}

/** Role names are unique per workspace and language, so members and pickers can tell roles apart. */
async function assertNamesFree(ctx: TenantContext, body: Body, exceptId?: string) {
  const taken = await languagesWithTakenName(ctx, body.name_lang, exceptId);
  if (taken.length > 0)
    throw validationFailed(Object.fromEntries(taken.map((language) => [`name_lang.${language}`, [message('roles.name_taken')]])));
}

async function roleOrNotFound(ctx: TenantContext, id: string) {
  const role = await findRole(ctx, id);
  if (!role) throw notFound();
  return role;
}

const snapshot = (role: Role) => ({ name_lang: role.name_lang, permissions: role.permissions, is_default: role.isDefault });

export async function createRole(ctx: TenantContext, body: Body, call: { ip: string }): Promise<Role> {
  const { ip } = call;
  assertHeld(ctx, body.permissions);
  await assertNamesFree(ctx, body);
  const id = await insertRole(ctx, { nameLang: body.name_lang, permissions: body.permissions });
  if (body.isDefault) await markDefault(ctx, id);
  const role = (await findRole(ctx, id))!;
  await recordActivity(ctx, { type: 'role.created', objectType: 'role', objectId: id, after: snapshot(role), ip });
  return role;
}

export async function editRole(ctx: TenantContext, id: string, body: Body, call: { ip: string }): Promise<Role> {
  const { ip } = call;
  const before = await roleOrNotFound(ctx, id);
  if (before.is_system) throw systemRole();
  assertHeld(ctx, [...before.permissions, ...body.permissions]);
  if (before.isDefault && body.isDefault === false) throw defaultRole();
  await assertNamesFree(ctx, body, id);
  await updateRole(ctx, id, { nameLang: body.name_lang, permissions: body.permissions });
  if (body.isDefault && !before.isDefault) await markDefault(ctx, id);
  const after = (await findRole(ctx, id))!;
  await recordActivity(ctx, {
    type: 'role.updated',
    objectType: 'role',
    objectId: id,
    before: snapshot(before),
    after: snapshot(after),
    ip,
  });
  return after;
}

/** Any role, system ones included, may become the default role new members get. */
export async function makeDefaultRole(ctx: TenantContext, id: string, ip: string): Promise<Role> {
  const before = await roleOrNotFound(ctx, id);
  assertHeld(ctx, before.permissions);
  await markDefault(ctx, id);
  const after = (await findRole(ctx, id))!;
  await recordActivity(ctx, {
    type: 'role.updated',
    objectType: 'role',
    objectId: id,
    before: snapshot(before),
    after: snapshot(after),
    ip,
  });
  return after;
}

export async function removeRole(ctx: TenantContext, id: string, ip: string): Promise<void> {
  const role = await roleOrNotFound(ctx, id);
  if (role.is_system) throw systemRole();
  if (role.isDefault) throw defaultRole();
  assertHeld(ctx, role.permissions);
  await deleteRole(ctx, id);
  await recordActivity(ctx, {
    type: 'role.deleted',
    objectType: 'role',
    objectId: id,
    objectName: pickName(role.name_lang),
    before: snapshot(role),
    ip,
  });
}
