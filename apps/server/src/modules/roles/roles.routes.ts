import { roleEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { defaultRolePermissions, findRole, listRoles, searchRoles } from './roles.repo.ts';
import { createRole, editRole, makeDefaultRole, removeRole } from './roles.service.ts';

const manage = guards.anyOf('USR_MANAGE_ROLE');
// The user list's role picker needs the roles too.
const manageOrPick = guards.anyOf('USR_MANAGE_ROLE', 'USR_MANAGE_USER');

export function registerRoleRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['roles'] }, roleEndpoints, {
    'GET /api/user/role/list': { guard: manageOrPick, handle: (_, ctx) => listRoles(ctx) },
    'GET /api/user/role/search': { guard: manageOrPick, handle: ({ query }, ctx) => searchRoles(ctx, query.q) },
    'GET /api/user/role/default-permissions': { guard: manage, handle: (_, ctx) => defaultRolePermissions(ctx) },
    'GET /api/user/role/:id': {
      guard: manage,
      handle: async ({ params }, ctx) => (await findRole(ctx, params.id)) ?? Promise.reject(notFound()),
    },
    'POST /api/user/role/new': {
      guard: manage,
      message: 'roles.created',
      handle: ({ body }, ctx, request) => createRole(ctx, body, request),
    },
    'PUT /api/user/role/:id': {
      guard: manage,
      message: 'roles.updated',
      handle: ({ params, body }, ctx, request) => editRole(ctx, params.id, body, request),
    },
    'POST /api/user/role/:id/make-default': {
      guard: manage,
      message: 'roles.default_set',
      handle: ({ params }, ctx, request) => makeDefaultRole(ctx, params.id, request.ip),
    },
    'DELETE /api/user/role/:id': {
      guard: manage,
      message: 'roles.deleted',
      handle: async ({ params }, ctx, request) => {
        await removeRole(ctx, params.id, request.ip);
        return null;
      },
    },
  });
}
