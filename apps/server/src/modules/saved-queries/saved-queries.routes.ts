import { savedQueryEndpoints } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import * as service from './saved-queries.service.ts';

/** Whether the workspace's settings allow saved queries. */
const enabled = (request: FastifyRequest) => request.auth!.workspace.appSettings.saved_queries_enabled;

/** Saved list queries (spec 3 §7 "Saved queries"). They belong to their user: any signed-in member keeps their own. */
export function registerSavedQueryRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['saved-queries'] }, savedQueryEndpoints, {
    'POST /api/saved-query': {
      guard: guards.signedIn,
      message: 'saved_query.saved',
      handle: ({ body }, ctx, request) => service.saveQuery(ctx, enabled(request), body),
    },
    'DELETE /api/saved-query/:id': {
      guard: guards.signedIn,
      handle: async ({ params }, ctx, request) => {
        await service.deleteQuery(ctx, enabled(request), params.id);
        return null;
      },
    },
  });
}
