import {
  ACTIVITY_LOG_TABLES,
  ActivityLogListSchema,
  ActivityTypeItemSchema,
  ActivityUserQuerySchema,
  ActivityUserSchema,
  envelope,
  ListQuerySchema,
  type ListQuery,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace, type TenantContext } from '../../platform/tenancy.ts';
import { savedQueriesBlock } from '../saved-queries/index.ts';
import { listActivity } from './logs.repo.ts';
import { activityTypes, activityUsers } from './logs.service.ts';

const tags = ['logs'];
const userLog = guards.anyOf('LOG_VIEW_USER_ACTIVITY');

export function registerLogRoutes(app: App, deps: { db: Db }): void {
  const run = <T>(request: FastifyRequest, work: (ctx: TenantContext) => Promise<T>) => inWorkspace(deps.db, request.auth!, work);
  /** A page of records (the caller's own when `mine`), with the saved queries of that table when asked. */
  const page = (request: FastifyRequest, query: ListQuery, mine: boolean) =>
    run(request, async (ctx) => ({
      ...(await listActivity(ctx, query, request.t, mine ? { userId: ctx.actor.userId } : {})),
      ...(await savedQueriesBlock(ctx, {
        enabled: request.auth!.workspace.appSettings.saved_queries_enabled,
        tableName: mine ? ACTIVITY_LOG_TABLES.mine : ACTIVITY_LOG_TABLES.users,
        query,
      })),
    }));

  app.get(
    '/api/log/activity-types',
    {
      config: { guard: guards.anyOf('LOG_VIEW_ACTIVITY_TYPES') },
      schema: { tags, summary: 'Every activity type, with how often this workspace recorded it', response: { 200: envelope(z.array(ActivityTypeItemSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => activityTypes(ctx)) }),
  );

  app.get(
    '/api/log/activity-log',
    {
      config: { guard: guards.anyOf('LOG_VIEW_MY_ACTIVITY') },
      schema: { tags, summary: "The caller's own activity, paged, sorted and filtered", querystring: ListQuerySchema, response: { 200: envelope(ActivityLogListSchema) } },
    },
    async (request) => ({ data: await page(request, request.query, true) }),
  );

  app.get(
    '/api/log/user-activity-log',
    {
      config: { guard: userLog },
      schema: { tags, summary: "Everyone's activity in the workspace, paged, sorted and filtered", querystring: ListQuerySchema, response: { 200: envelope(ActivityLogListSchema) } },
    },
    async (request) => ({ data: await page(request, request.query, false) }),
  );

  app.get(
    '/api/log/users',
    {
      config: { guard: userLog },
      schema: { tags, summary: 'Members to filter the user activity log by (20 at most)', querystring: ActivityUserQuerySchema, response: { 200: envelope(z.array(ActivityUserSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => activityUsers(ctx, request.query)) }),
  );
}
