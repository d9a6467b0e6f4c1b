import { siteEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { searchSites } from './sites.repo.ts';
import { createStructure, removeStructure, saveStructure, structureDetail, structureSummaries } from './sites.service.ts';

/** Spec 3 §2: the site screens need only a signed-in member; placing assets in a tree is managing them (docs/assets.md). */
const read = guards.signedIn;
const manage = guards.anyOf('SST_MANAGE_ASSET');

export function registerSiteRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['sites'] }, siteEndpoints, {
    'GET /api/resources/sites/search': {
      guard: read,
      handle: ({ query }, ctx) => searchSites(ctx, { q: query.q, structureId: query.structure_id, limit: query.limit }),
    },
    'GET /api/resources/sites/structures/all': { guard: read, handle: (_, ctx) => structureSummaries(ctx) },
    'POST /api/resources/sites/structures/new': {
      guard: manage,
      message: 'sites.created',
      handle: ({ body }, ctx, request) => createStructure(ctx, body, request.ip),
    },
    'GET /api/resources/sites/structures/:id': { guard: read, handle: ({ params }, ctx) => structureDetail(ctx, params.id) },
    'PUT /api/resources/sites/structures/:id': {
      guard: manage,
      message: 'sites.updated',
      handle: ({ params, body }, ctx, request) => saveStructure(ctx, params.id, body, request.ip),
    },
    'DELETE /api/resources/sites/structures/:id': {
      guard: manage,
      message: 'sites.deleted',
      handle: async ({ params }, ctx, request) => {
        await removeStructure(ctx, params.id, request.ip);
        return null;
      },
    },
  });
}
