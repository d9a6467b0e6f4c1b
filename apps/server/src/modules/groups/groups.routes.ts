import { groupEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { savedQueriesBlock } from '../saved-queries/index.ts';
import { allGroups, findGroup, listGroups } from './groups.repo.ts';
import {
  addMembersToGroup,
  createGroup,
  editGroup,
  membersOfGroup,
  removeGroup,
  removeMembersFromGroup,
  searchUserGroup,
} from './groups.service.ts';

const view = guards.anyOf('USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP');
const manage = guards.anyOf('USR_MANAGE_GROUP');
/** The saved-query table name of the groups list. */
const GROUP_TABLE = 'groups';

export function registerGroupRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['groups'] }, groupEndpoints, {
    'GET /api/user/group/list': {
      guard: view,
      handle: async ({ query }, ctx, request) => ({
        ...(await listGroups(ctx, query)),
        ...(await savedQueriesBlock(ctx, {
          enabled: request.auth!.workspace.appSettings.saved_queries_enabled,
          tableName: GROUP_TABLE,
          query,
        })),
      }),
    },
    'GET /api/user/group/all': {
      guard: guards.anyOf('USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP', 'AST_MANAGE_ASSIGNMENT'),
      handle: (_, ctx) => allGroups(ctx),
    },
    'GET /api/user/search-user-group': {
      guard: guards.anyOf('USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP', 'AST_MANAGE_ASSIGNMENT'),
      handle: ({ query }, ctx) => searchUserGroup(ctx, query.q),
    },
    'GET /api/user/group/:id': {
      guard: view,
      handle: async ({ params }, ctx) => (await findGroup(ctx, params.id)) ?? Promise.reject(notFound()),
    },
    'GET /api/user/group/:id/user-group-list': { guard: view, handle: ({ params }, ctx) => membersOfGroup(ctx, params.id) },
    'POST /api/user/group/add': {
      guard: manage,
      message: 'groups.created',
      handle: ({ body }, ctx, request) => createGroup(ctx, body.name_lang, request.ip),
    },
    'PUT /api/user/group/:id': {
      guard: manage,
      message: 'groups.updated',
      handle: ({ params, body }, ctx, request) => editGroup(ctx, params.id, body.name_lang, request.ip),
    },
    'DELETE /api/user/group/:id': {
      guard: manage,
      message: 'groups.deleted',
      handle: async ({ params }, ctx, request) => {
        await removeGroup(ctx, params.id, request.ip);
        return null;
      },
    },
    'POST /api/user/group/:id/add': {
      guard: manage,
      message: 'groups.members_added',
      handle: ({ params, body }, ctx, request) => addMembersToGroup(ctx, params.id, body.users, request.ip),
    },
    'POST /api/user/group/:id/delete': {
      guard: manage,
      message: 'groups.members_removed',
      handle: ({ params, body }, ctx, request) => removeMembersFromGroup(ctx, params.id, body.users, request.ip),
    },
  });
}
