import {
  envelope,
  GroupBodySchema,
  GroupIdParamsSchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMemberSchema,
  GroupMembersBodySchema,
  GroupSchema,
  SavedQueriesBlockSchema,
  UserGroupSearchItemSchema,
  UserSearchQuerySchema,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace, type TenantContext } from '../../platform/tenancy.ts';
import { savedQueriesBlock } from '../saved-queries/index.ts';
import { allGroups, findGroup, listGroups } from './groups.repo.ts';
import { addMembersToGroup, createGroup, editGroup, membersOfGroup, removeGroup, removeMembersFromGroup, searchUserGroup } from './groups.service.ts';

const tags = ['groups'];
const view = guards.anyOf('USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP');
const manage = guards.anyOf('USR_MANAGE_GROUP');
const params = GroupIdParamsSchema;
const members = envelope(z.array(GroupMemberSchema));
/** The saved-query table name of the groups list. */
const GROUP_TABLE = 'groups';

export function registerGroupRoutes(app: App, deps: { db: Db }): void {
  const run = <T>(request: FastifyRequest, work: (ctx: TenantContext) => Promise<T>) => inWorkspace(deps.db, request.auth!, work);

  app.get(
    '/api/user/group/list',
    {
      config: { guard: view },
      schema: {
        tags,
        summary: 'Groups, paged, sorted and filtered, with search',
        querystring: GroupListQuerySchema,
        response: { 200: envelope(GroupListSchema.extend(SavedQueriesBlockSchema.partial().shape)) },
      },
    },
    async (request) => ({
      data: await run(request, async (ctx) => ({
        ...(await listGroups(ctx, request.query, request.t)),
        ...(await savedQueriesBlock(ctx, { enabled: request.auth!.workspace.appSettings.saved_queries_enabled, tableName: GROUP_TABLE, query: request.query })),
      })),
    }),
  );

  app.get(
    '/api/user/group/all',
    {
      config: { guard: guards.anyOf('USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP', 'AST_MANAGE_ASSIGNMENT') },
      schema: { tags, summary: 'Every group', response: { 200: envelope(z.array(GroupSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => allGroups(ctx)) }),
  );

  app.get(
    '/api/user/search-user-group',
    {
      config: { guard: guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP', 'AST_MANAGE_ASSIGNMENT') },
      schema: { tags, summary: 'Users and groups matching a text (20 at most)', querystring: UserSearchQuerySchema, response: { 200: envelope(z.array(UserGroupSearchItemSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => searchUserGroup(ctx, request.query.q)) }),
  );

  app.get(
    '/api/user/group/:id',
    { config: { guard: view }, schema: { tags, summary: 'One group', params, response: { 200: envelope(GroupSchema) } } },
    async (request) => {
      const group = await run(request, (ctx) => findGroup(ctx, request.params.id));
      if (!group) throw notFound();
      return { data: group };
    },
  );

  app.get(
    '/api/user/group/:id/user-group-list',
    { config: { guard: view }, schema: { tags, summary: 'Members of a group', params, response: { 200: members } } },
    async (request) => ({ data: await run(request, (ctx) => membersOfGroup(ctx, request.params.id)) }),
  );

  app.post(
    '/api/user/group/add',
    { config: { guard: manage }, schema: { tags, summary: 'Create a group', body: GroupBodySchema, response: { 200: envelope(GroupSchema) } } },
    async (request) => ({ data: await run(request, (ctx) => createGroup(ctx, request.body.name_lang, request.ip)), message: request.t('groups.created') }),
  );

  app.put(
    '/api/user/group/:id',
    { config: { guard: manage }, schema: { tags, summary: 'Rename a group', params, body: GroupBodySchema, response: { 200: envelope(GroupSchema) } } },
    async (request) => ({ data: await run(request, (ctx) => editGroup(ctx, request.params.id, request.body.name_lang, request.ip)), message: request.t('groups.updated') }),
  );

  app.delete(
    '/api/user/group/:id',
    { config: { guard: manage }, schema: { tags, summary: 'Delete a group', params, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await run(request, (ctx) => removeGroup(ctx, request.params.id, request.ip));
      return { data: null, message: request.t('groups.deleted') };
    },
  );

  app.post(
    '/api/user/group/:id/add',
    { config: { guard: manage }, schema: { tags, summary: 'Add members to a group', params, body: GroupMembersBodySchema, response: { 200: members } } },
    async (request) => ({
      data: await run(request, (ctx) => addMembersToGroup(ctx, request.params.id, request.body.users, { ip: request.ip, t: request.t })),
      message: request.t('groups.members_added'),
    }),
  );

  app.post(
    '/api/user/group/:id/delete',
    { config: { guard: manage }, schema: { tags, summary: 'Remove members from a group', params, body: GroupMembersBodySchema, response: { 200: members } } },
    async (request) => ({
      data: await run(request, (ctx) => removeMembersFromGroup(ctx, request.params.id, request.body.users, request.ip)),
      message: request.t('groups.members_removed'),
    }),
  );
}
