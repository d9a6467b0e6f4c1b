import {
  ChangeStatusBodySchema,
  EditBasicInfoBodySchema,
  envelope,
  InviteUserBodySchema,
  UpdateRolesBodySchema,
  UserIdParamsSchema,
  UserListItemSchema,
  UserListQuerySchema,
  UserListSchema,
  SavedQueriesBlockSchema,
  UserSearchItemSchema,
  UserSearchQuerySchema,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { savedQueriesBlock } from '../saved-queries/index.ts';
import {
  cancelInvitation,
  changeStatus,
  editBasicInfo,
  inviteUser,
  listUsers,
  resendInvitation,
  searchUsers,
  updateRoles,
  type CallInfo,
} from './members.service.ts';

export interface UserRoutesDeps {
  db: Db;
  publicUrl: string;
}

const tags = ['users'];
const view = guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER');
const manage = guards.anyOf('USR_MANAGE_USER');
const params = UserIdParamsSchema;
const member = envelope(UserListItemSchema);
const done = envelope(z.null());
/** The saved-query table name of the users list. */
const USER_TABLE = 'users';

export function registerUserRoutes(app: App, deps: UserRoutesDeps): void {
  const call = (request: FastifyRequest): CallInfo => ({ ip: request.ip, t: request.t, language: request.language, publicUrl: deps.publicUrl });
  const run = <T>(request: FastifyRequest, work: Parameters<typeof inWorkspace<T>>[2]) => inWorkspace(deps.db, request.auth!, work);

  app.get(
    '/api/user/list',
    {
      config: { guard: view },
      schema: {
        tags,
        summary: 'Members of the workspace, paged, sorted and filtered, with search',
        querystring: UserListQuerySchema,
        response: { 200: envelope(UserListSchema.extend(SavedQueriesBlockSchema.partial().shape)) },
      },
    },
    async (request) => ({
      data: await run(request, async (ctx) => ({
        ...(await listUsers(ctx, request.query, request.t)),
        ...(await savedQueriesBlock(ctx, { enabled: request.auth!.workspace.appSettings.saved_queries_enabled, tableName: USER_TABLE, query: request.query })),
      })),
    }),
  );

  app.get(
    '/api/user/search',
    {
      config: { guard: guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_MANAGE_GROUP') },
      schema: { tags, summary: 'Find members by name or e-mail (20 at most)', querystring: UserSearchQuerySchema, response: { 200: envelope(z.array(UserSearchItemSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => searchUsers(ctx, request.query.q)) }),
  );

  app.post(
    '/api/user/invite',
    { config: { guard: manage }, schema: { tags, summary: 'Invite a person by mail', body: InviteUserBodySchema, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => inviteUser(ctx, request.body, call(request))),
      message: request.t('users.invited', { email: request.body.email }),
    }),
  );

  app.post(
    '/api/user/:id/resend-invite',
    { config: { guard: manage }, schema: { tags, summary: 'Send the invitation again (the older link stops working)', params, response: { 200: done } } },
    async (request) => {
      await run(request, (ctx) => resendInvitation(ctx, request.params.id, call(request)));
      return { data: null, message: request.t('users.invitation_resent') };
    },
  );

  app.delete(
    '/api/user/:id/cancel-invitation',
    { config: { guard: manage }, schema: { tags, summary: 'Withdraw an invitation', params, response: { 200: done } } },
    async (request) => {
      await run(request, (ctx) => cancelInvitation(ctx, request.params.id, call(request)));
      return { data: null, message: request.t('users.invitation_cancelled') };
    },
  );

  app.put(
    '/api/user/:id/activate-user',
    { config: { guard: manage }, schema: { tags, summary: 'Activate a deactivated member', params, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => changeStatus(ctx, request.params.id, { status: 'active' }, call(request))),
      message: request.t('users.activated'),
    }),
  );

  app.put(
    '/api/user/:id/deactivate-user',
    { config: { guard: manage }, schema: { tags, summary: 'Deactivate a member and end their sessions here', params, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => changeStatus(ctx, request.params.id, { status: 'deactivated' }, call(request))),
      message: request.t('users.deactivated'),
    }),
  );

  app.post(
    '/api/user/:id/change-status',
    { config: { guard: manage }, schema: { tags, summary: 'Activate or deactivate a member', params, body: ChangeStatusBodySchema, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => changeStatus(ctx, request.params.id, request.body, call(request))),
      message: request.t(request.body.status === 'active' ? 'users.activated' : 'users.deactivated'),
    }),
  );

  app.post(
    '/api/user/:id/edit-basic-info',
    { config: { guard: manage }, schema: { tags, summary: "Change a member's names", params, body: EditBasicInfoBodySchema, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => editBasicInfo(ctx, request.params.id, request.body, call(request))),
      message: request.t('users.updated'),
    }),
  );

  app.post(
    '/api/user/:id/update-roles',
    { config: { guard: manage }, schema: { tags, summary: "Replace a member's roles", params, body: UpdateRolesBodySchema, response: { 200: member } } },
    async (request) => ({
      data: await run(request, (ctx) => updateRoles(ctx, request.params.id, request.body.roles, call(request))),
      message: request.t('users.roles_updated'),
    }),
  );
}
