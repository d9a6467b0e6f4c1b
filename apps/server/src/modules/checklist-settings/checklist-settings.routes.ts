import { customUnitEndpoints, globalResponseEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import type { FileStore } from '../../platform/files/index.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import * as service from './checklist-settings.service.ts';
import { mountRatingSettings } from './rating-settings.routes.ts';

const guard = guards.anyOf('CKL_MANAGE_TEMPLATES');

/** Global response sets, custom units and checklist rating settings (spec 2 §7 "Global responses", "Other"). */
export function registerChecklistSettingsRoutes(app: App, deps: { db: Db; files: FileStore }): void {
  const { db } = deps;

  mountWorkspaceEndpoints({ app, db, tags: ['global-responses'] }, globalResponseEndpoints, {
    'GET /api/checklist/global-response/list': { guard, handle: ({ query }, ctx) => service.listGlobalResponses(ctx, query) },
    'POST /api/checklist/global-response/new': {
      guard,
      message: 'checklist.global_response_saved',
      handle: ({ body }, ctx, request) => service.createGlobalResponse(ctx, body, request.ip),
    },
    'PUT /api/checklist/global-response/options/:id/translate': {
      guard,
      message: 'checklist.global_response_saved',
      handle: ({ params, body }, ctx, request) => service.translateOption(ctx, params.id, body.lang, body.translation, request.ip),
    },
    'PUT /api/checklist/global-response/:id': {
      guard,
      message: 'checklist.global_response_saved',
      handle: ({ params, body }, ctx, request) => service.updateGlobalResponse(ctx, params.id, body, request.ip),
    },
    'PUT /api/checklist/global-response/:id/:lang': {
      guard,
      message: 'checklist.global_response_saved',
      handle: ({ params, body }, ctx, request) => service.setGlobalResponseLanguage(ctx, params.id, params.lang, body.options, request.ip),
    },
    'DELETE /api/checklist/global-response/:id': {
      guard,
      message: 'checklist.global_response_deleted',
      handle: async ({ params }, ctx, request) => {
        await service.deleteGlobalResponse(ctx, params.id, request.ip);
        return null;
      },
    },
  });

  mountWorkspaceEndpoints({ app, db, tags: ['custom-units'] }, customUnitEndpoints, {
    'GET /api/checklist/custom-units/all': { guard, handle: (_, ctx) => service.allCustomUnits(ctx) },
    'POST /api/checklist/custom-units/new': {
      guard,
      message: 'checklist.custom_unit_created',
      handle: ({ body }, ctx, request) => service.createCustomUnit(ctx, body, request.ip),
    },
  });

  mountRatingSettings({ app, db, tags: ['ratings'] }, { files: deps.files, guard });
}
