import {
  ChecklistIdParamsSchema,
  CustomUnitBodySchema,
  CustomUnitSchema,
  envelope,
  GlobalResponseBodySchema,
  GlobalResponseLangBodySchema,
  GlobalResponseLangParamsSchema,
  GlobalResponseListQuerySchema,
  GlobalResponseListSchema,
  GlobalResponseSchema,
  OptionTranslateBodySchema,
  RatingSettingsBodySchema,
  RatingSettingsQuerySchema,
  RatingSettingsSchema,
} from '@vigil/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { FileStore } from '../../platform/files/index.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { translator } from '../../platform/i18n/index.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import * as service from './checklist-settings.service.ts';
import { registerRatingSaveRoute } from './rating-settings.routes.ts';

const guard = guards.anyOf('CKL_MANAGE_TEMPLATES');

/** Global response sets, custom units and checklist rating settings (spec 2 §7 "Global responses", "Other"). */
export function registerChecklistSettingsRoutes(app: App, deps: { db: Db; files: FileStore }): void {
  const { db } = deps;
  const tags = ['global-responses'];

  app.get(
    '/api/checklist/global-response/list',
    { config: { guard }, schema: { tags, summary: 'Global response sets, paged', querystring: GlobalResponseListQuerySchema, response: { 200: envelope(GlobalResponseListSchema) } } },
    async (request) => ({ data: await inWorkspace(db, request.auth!, (ctx) => service.listGlobalResponses(ctx, request.query, request.t)) }),
  );

  app.post(
    '/api/checklist/global-response/new',
    { config: { guard }, schema: { tags, summary: 'Create a global response set', body: GlobalResponseBodySchema, response: { 200: envelope(GlobalResponseSchema) } } },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.createGlobalResponse(ctx, request.body, request.t, request.ip)),
      message: request.t('checklist.global_response_saved'),
    }),
  );

  app.put(
    '/api/checklist/global-response/options/:id/translate',
    {
      config: { guard },
      schema: { tags, summary: 'Translate one option (by its uuid) into a language', params: ChecklistIdParamsSchema, body: OptionTranslateBodySchema, response: { 200: envelope(GlobalResponseSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.translateOption(ctx, request.params.id, request.body.lang, request.body.translation, request.ip)),
      message: request.t('checklist.global_response_saved'),
    }),
  );

  app.put(
    '/api/checklist/global-response/:id',
    {
      config: { guard },
      schema: { tags, summary: 'Replace the name and options of a global response set', params: ChecklistIdParamsSchema, body: GlobalResponseBodySchema, response: { 200: envelope(GlobalResponseSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.updateGlobalResponse(ctx, request.params.id, request.body, request.t, request.ip)),
      message: request.t('checklist.global_response_saved'),
    }),
  );

  app.put(
    '/api/checklist/global-response/:id/:lang',
    {
      config: { guard },
      schema: { tags, summary: "Set the options' labels in one language", params: GlobalResponseLangParamsSchema, body: GlobalResponseLangBodySchema, response: { 200: envelope(GlobalResponseSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) =>
        service.setGlobalResponseLanguage(ctx, request.params.id, request.params.lang, request.body.options, request.t, request.ip),
      ),
      message: request.t('checklist.global_response_saved'),
    }),
  );

  app.delete(
    '/api/checklist/global-response/:id',
    { config: { guard }, schema: { tags, summary: 'Delete a global response set', params: ChecklistIdParamsSchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await inWorkspace(db, request.auth!, (ctx) => service.deleteGlobalResponse(ctx, request.params.id, request.ip));
      return { data: null, message: request.t('checklist.global_response_deleted') };
    },
  );

  app.get(
    '/api/checklist/custom-units/all',
    { config: { guard }, schema: { tags: ['custom-units'], summary: "The workspace's custom units", response: { 200: envelope(z.array(CustomUnitSchema)) } } },
    async (request) => ({ data: await inWorkspace(db, request.auth!, (ctx) => service.allCustomUnits(ctx)) }),
  );

  app.post(
    '/api/checklist/custom-units/new',
    { config: { guard }, schema: { tags: ['custom-units'], summary: 'Create a custom unit', body: CustomUnitBodySchema, response: { 200: envelope(CustomUnitSchema) } } },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.createCustomUnit(ctx, request.body, request.t, request.ip)),
      message: request.t('checklist.custom_unit_created'),
    }),
  );

  app.get(
    '/api/checklist/settings/ratings',
    {
      config: { guard },
      schema: { tags: ['ratings'], summary: 'Rating settings, default labels in preferred_lang', querystring: RatingSettingsQuerySchema, response: { 200: envelope(RatingSettingsSchema) } },
    },
    async (request) => {
      const t = request.query.preferred_lang ? translator(request.query.preferred_lang) : request.t;
      return { data: await inWorkspace(db, request.auth!, (ctx) => service.getRatingSettings(ctx, t)) };
    },
  );

  registerRatingSaveRoute(app, { db, files: deps.files, guard });

  app.put(
    '/api/checklist/settings/ratings/:id',
    {
      config: { guard },
      schema: { tags: ['ratings'], summary: 'Update rating labels and order', params: ChecklistIdParamsSchema, body: RatingSettingsBodySchema, response: { 200: envelope(RatingSettingsSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.updateRatingSettings(ctx, request.params.id, request.body, request.t, request.ip)),
      message: request.t('checklist.ratings_saved'),
    }),
  );
}
