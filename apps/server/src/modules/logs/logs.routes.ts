import { ACTIVITY_LOG_TABLES, logEndpoints, type ListQuery } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { savedQueriesBlock } from '../saved-queries/index.ts';
import { listActivity } from './logs.repo.ts';
import { activityTypes, activityUsers } from './logs.service.ts';

const userLog = guards.anyOf('LOG_VIEW_USER_ACTIVITY');

/** A page of records (the caller's own when `mine`), with the saved queries of that table when asked. */
async function page(ctx: TenantContext, request: FastifyRequest, query: ListQuery, mine: boolean) {
  return {
    ...(await listActivity(ctx, query, mine ? { userId: ctx.actor.userId } : {})),
    ...(await savedQueriesBlock(ctx, {
      enabled: request.auth!.workspace.appSettings.saved_queries_enabled,
      tableName: mine ? ACTIVITY_LOG_TABLES.mine : ACTIVITY_LOG_TABLES.users,
      query,
    })),
  };
}

export function registerLogRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['logs'] }, logEndpoints, {
    'GET /api/log/activity-types': { guard: guards.anyOf('LOG_VIEW_ACTIVITY_TYPES'), handle: (_, ctx) => activityTypes(ctx) },
    'GET /api/log/activity-log': {
      guard: guards.anyOf('LOG_VIEW_MY_ACTIVITY'),
      handle: ({ query }, ctx, request) => page(ctx, request, query, true),
    },
    'GET /api/log/user-activity-log': { guard: userLog, handle: ({ query }, ctx, request) => page(ctx, request, query, false) },
    'GET /api/log/users': { guard: userLog, handle: ({ query }, ctx) => activityUsers(ctx, query) },
  });
}
