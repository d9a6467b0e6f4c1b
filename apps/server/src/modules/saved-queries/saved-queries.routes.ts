import { envelope, SavedQueryBodySchema, SavedQueryIdParamsSchema, SavedQueryIdSchema } from '@vigil/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import * as service from './saved-queries.service.ts';

/** Saved list queries (spec 3 §7 "Saved queries"). They belong to their user: any signed-in member keeps their own. */
export function registerSavedQueryRoutes(app: App, deps: { db: Db }): void {
  const { db } = deps;
  const tags = ['saved-queries'];
  const guard = guards.signedIn;

  app.post(
    '/api/saved-query',
    { config: { guard }, schema: { tags, summary: 'Save a list query (by id to update, else by key)', body: SavedQueryBodySchema, response: { 200: envelope(SavedQueryIdSchema) } } },
    async (request) => {
      const auth = request.auth!;
      return {
        data: await inWorkspace(db, auth, (ctx) => service.saveQuery(ctx, auth.workspace.appSettings.saved_queries_enabled, request.body, request.t)),
        message: request.t('saved_query.saved'),
      };
    },
  );

  app.delete(
    '/api/saved-query/:id',
    { config: { guard }, schema: { tags, summary: 'Delete a saved list query (never the default)', params: SavedQueryIdParamsSchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const auth = request.auth!;
      await inWorkspace(db, auth, (ctx) => service.deleteQuery(ctx, auth.workspace.appSettings.saved_queries_enabled, request.params.id, request.t));
      return { data: null };
    },
  );
}
