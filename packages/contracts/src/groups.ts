import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { nameLangSchema } from './name-lang.ts';
import { ListQuerySchema } from './list.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';
import { MEMBER_STATUSES, UserSearchQuerySchema } from './users.ts';

const GROUP_NAME_MAX_LENGTH = 100;

/** A group's name in one language. */
export const GroupNameSchema = z.string().trim().max(GROUP_NAME_MAX_LENGTH);

export const GroupSchema = z.object({ id: z.string(), name_lang: z.record(z.string(), z.string()), users_count: z.number().int() });
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = listOf(GroupSchema);
export type GroupList = z.infer<typeof GroupListSchema>;
export const GroupListQuerySchema = ListQuerySchema.extend({ search: z.string().trim().max(100).optional() });

export const GroupBodySchema = z.strictObject({
  name_lang: nameLangSchema(GroupNameSchema),
});
export type GroupBody = z.input<typeof GroupBodySchema>;

export const GroupIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const GroupMembersBodySchema = z.strictObject({ users: z.array(z.uuid()).min(1, { error: 'validation.required' }).max(500) });
export type GroupMembersBody = z.infer<typeof GroupMembersBodySchema>;

export const GroupMemberSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string(), status: z.enum(MEMBER_STATUSES) });
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** `GET /api/user/search-user-group`: users and groups in one list, 20 at most. */
export const UserGroupSearchItemSchema = z.object({
  type: z.enum(['user', 'group']),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type UserGroupSearchItem = z.infer<typeof UserGroupSearchItemSchema>;

export const groupEndpoints = defineEndpoints({
  'GET /api/user/group/list': {
    summary: 'Groups, paged, sorted and filtered, with search',
    query: GroupListQuerySchema,
    response: GroupListSchema.extend(SavedQueriesBlockSchema.partial().shape),
  },
  'GET /api/user/group/all': { summary: 'Every group', response: z.array(GroupSchema) },
  'GET /api/user/search-user-group': {
    summary: 'Users and groups matching a text (20 at most)',
    query: UserSearchQuerySchema,
    response: z.array(UserGroupSearchItemSchema),
  },
  'GET /api/user/group/:id': { summary: 'One group', params: GroupIdParamsSchema, response: GroupSchema },
  'GET /api/user/group/:id/user-group-list': {
    summary: 'Members of a group',
    params: GroupIdParamsSchema,
    response: z.array(GroupMemberSchema),
  },
  'POST /api/user/group/add': { summary: 'Create a group', body: GroupBodySchema, response: GroupSchema },
  'PUT /api/user/group/:id': { summary: 'Rename a group', params: GroupIdParamsSchema, body: GroupBodySchema, response: GroupSchema },
  'DELETE /api/user/group/:id': { summary: 'Delete a group', params: GroupIdParamsSchema, response: z.null() },
  'POST /api/user/group/:id/add': {
    summary: 'Add members to a group',
    params: GroupIdParamsSchema,
    body: GroupMembersBodySchema,
    response: z.array(GroupMemberSchema),
  },
  'POST /api/user/group/:id/delete': {
    summary: 'Remove members from a group',
    params: GroupIdParamsSchema,
    body: GroupMembersBodySchema,
    response: z.array(GroupMemberSchema),
  },
});
