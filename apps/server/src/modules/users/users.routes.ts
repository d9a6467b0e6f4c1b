import { userEndpoints } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { message } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
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

const view = guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER');
const manage = guards.anyOf('USR_MANAGE_USER');
/** The saved-query table name of the users list. */
const USER_TABLE = 'users';

export function registerUserRoutes(app: App, deps: UserRoutesDeps): void {
  const call = (request: FastifyRequest): CallInfo => ({ ip: request.ip, language: request.language, publicUrl: deps.publicUrl });

  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['users'] }, userEndpoints, {
    'GET /api/user/list': {
      guard: view,
      handle: async ({ query }, ctx, request) => ({
        ...(await listUsers(ctx, query)),
        ...(await savedQueriesBlock(ctx, {
          enabled: request.auth!.workspace.appSettings.saved_queries_enabled,
          tableName: USER_TABLE,
          query,
        })),
      }),
    },
    'GET /api/user/search': {
      guard: guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_MANAGE_GROUP'),
      handle: ({ query }, ctx) => searchUsers(ctx, query.q),
    },
    'POST /api/user/invite': {
      guard: manage,
      message: ({ input }) => message('users.invited', { email: input.body.email }),
      handle: ({ body }, ctx, request) => inviteUser(ctx, body, call(request)),
    },
    'POST /api/user/:id/resend-invite': {
      guard: manage,
      message: 'users.invitation_resent',
      handle: async ({ params }, ctx, request) => {
        await resendInvitation(ctx, params.id, call(request));
        return null;
      },
    },
    'DELETE /api/user/:id/cancel-invitation': {
      guard: manage,
      message: 'users.invitation_cancelled',
      handle: async ({ params }, ctx, request) => {
        await cancelInvitation(ctx, params.id, call(request));
        return null;
      },
    },
    'PUT /api/user/:id/activate-user': {
      guard: manage,
      message: 'users.activated',
      handle: ({ params }, ctx, request) => changeStatus(ctx, params.id, { status: 'active' }, call(request)),
    },
    'PUT /api/user/:id/deactivate-user': {
      guard: manage,
      message: 'users.deactivated',
      handle: ({ params }, ctx, request) => changeStatus(ctx, params.id, { status: 'deactivated' }, call(request)),
    },
    'POST /api/user/:id/change-status': {
      guard: manage,
      message: ({ input }) => message(input.body.status === 'active' ? 'users.activated' : 'users.deactivated'),
      handle: ({ params, body }, ctx, request) => changeStatus(ctx, params.id, body, call(request)),
    },
    'POST /api/user/:id/edit-basic-info': {
      guard: manage,
      message: 'users.updated',
      handle: ({ params, body }, ctx, request) => editBasicInfo(ctx, params.id, body, call(request)),
    },
    'POST /api/user/:id/update-roles': {
      guard: manage,
      message: 'users.roles_updated',
      handle: ({ params, body }, ctx, request) => updateRoles(ctx, params.id, body.roles, call(request)),
    },
  });
}
