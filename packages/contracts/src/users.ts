import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { defineEndpoints } from './endpoint.ts';
import { EMAIL_MAX } from './limits.ts';
import { listOf } from './envelope.ts';
import { ListQuerySchema } from './list.ts';
import { personName } from './registration.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

export const MEMBER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Spec 1 §5: letters, digits and _ - . @ # $. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_\-.@#$]*$/u;
export const NICKNAME_MAX_LENGTH = 60;

const nickName = () =>
  z
    .string()
    .trim()
    .max(NICKNAME_MAX_LENGTH)
    .regex(NICKNAME_PATTERN, { error: 'validation.nickname' })
    .nullish()
    .transform((value) => value || null);

export const RoleRefSchema = z.object({ id: z.string(), name_lang: z.record(z.string(), z.string()) });
export type RoleRef = z.infer<typeof RoleRefSchema>;

export const UserListItemSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  nick_name: z.string().nullable(),
  full_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  roles: z.array(RoleRefSchema),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserListSchema = listOf(UserListItemSchema);
export type UserList = z.infer<typeof UserListSchema>;

export const UserListQuerySchema = ListQuerySchema.extend({ search: z.string().trim().max(100).optional() });
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const UserSearchItemSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string(), status: z.enum(MEMBER_STATUSES) });
export type UserSearchItem = z.infer<typeof UserSearchItemSchema>;

export const UserIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

const roleIds = () => z.array(z.uuid()).max(50);

export const InviteUserBodySchema = z.strictObject({
  first_name: personName(),
  last_name: personName(),
  nick_name: nickName(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'validation.email' }).max(EMAIL_MAX)),
  /** The roles to give; the workspace's default role when absent or empty. */
  roles: roleIds().optional(),
  /** The invitee's language for the mail, when they have no account yet; the inviter's otherwise. */
  locale: z.enum(LANGUAGES).optional(),
});
export type InviteUserBody = z.input<typeof InviteUserBodySchema>;

export const EditBasicInfoBodySchema = z.strictObject({
  first_name: personName(),
  last_name: personName(),
  nick_name: nickName(),
});
export type EditBasicInfoBody = z.input<typeof EditBasicInfoBodySchema>;

export const UpdateRolesBodySchema = z.strictObject({ roles: roleIds().min(1, { error: 'validation.required' }) });
export type UpdateRolesBody = z.infer<typeof UpdateRolesBodySchema>;

export const ChangeStatusBodySchema = z.strictObject({ status: z.enum(['active', 'deactivated']) });
export type ChangeStatusBody = z.infer<typeof ChangeStatusBodySchema>;

/** A role as the role list shows it. */
export const RoleSchema = z.object({
  id: z.string(),
  name_lang: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  is_system: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;

export const userEndpoints = defineEndpoints({
  'GET /api/user/list': {
    summary: 'Members of the workspace, paged, sorted and filtered, with search',
    query: UserListQuerySchema,
    response: UserListSchema.extend(SavedQueriesBlockSchema.partial().shape),
  },
  'GET /api/user/search': {
    summary: 'Find members by name or e-mail (20 at most)',
    query: UserSearchQuerySchema,
    response: z.array(UserSearchItemSchema),
  },
  'POST /api/user/invite': { summary: 'Invite a person by mail', body: InviteUserBodySchema, response: UserListItemSchema },
  'POST /api/user/:id/resend-invite': {
    summary: 'Send the invitation again (the older link stops working)',
    params: UserIdParamsSchema,
    response: z.null(),
  },
  'DELETE /api/user/:id/cancel-invitation': { summary: 'Withdraw an invitation', params: UserIdParamsSchema, response: z.null() },
  'PUT /api/user/:id/activate-user': { summary: 'Activate a deactivated member', params: UserIdParamsSchema, response: UserListItemSchema },
  'PUT /api/user/:id/deactivate-user': {
    summary: 'Deactivate a member and end their sessions here',
    params: UserIdParamsSchema,
    response: UserListItemSchema,
  },
  'POST /api/user/:id/change-status': {
    summary: 'Activate or deactivate a member',
    params: UserIdParamsSchema,
    body: ChangeStatusBodySchema,
    response: UserListItemSchema,
  },
  'POST /api/user/:id/edit-basic-info': {
    summary: "Change a member's names",
    params: UserIdParamsSchema,
    body: EditBasicInfoBodySchema,
    response: UserListItemSchema,
  },
  'POST /api/user/:id/update-roles': {
    summary: "Replace a member's roles",
    params: UserIdParamsSchema,
    body: UpdateRolesBodySchema,
    response: UserListItemSchema,
  },
});
