import { TEMPLATE_BODY_LIMIT_BYTES, TEMPLATE_SEARCH_LIMIT, templateEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import type { UploadSlot } from '../../platform/files/index.ts';
import { guards, withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints, type WorkspaceHandler } from '../../platform/kit.ts';
import { mountFolders } from './folders.routes.ts';
import { mountImports } from './import.routes.ts';
import * as service from './templates.service.ts';
import { mountTranslations } from './translations.routes.ts';
import { callOf } from './translations.service.ts';

const guard = guards.anyOf('CKL_MANAGE_TEMPLATES');

/** A new part of the template (`/template/:id/<kind>/new`): checked and given its uuid, nothing stored. */
const newPart = (kind: Exclude<service.TemplatePartKind, 'grouped-item'>) =>
  ({
    guard,
    handle: ({ params, body }, ctx) => service.newTemplatePart(ctx, params.id, kind, body),
  }) satisfies WorkspaceHandler<(typeof templateEndpoints)['POST /api/checklist/template/:id/response/new']>;

/** Archiving and restoring answer the same way. */
const archiveCall = (archived: boolean) =>
  ({
    guard,
    message: archived ? 'template.archived' : 'template.restored',
    handle: ({ params }, ctx, request) => service.setArchived(ctx, params.id, archived, request.ip),
  }) satisfies WorkspaceHandler<(typeof templateEndpoints)['POST /api/checklist/template/:id/archive']>;

/**
 * Templates, their folders, translations and imports (spec 2). Each resource mounts its own calls
 * (`folders.routes.ts`, `translations.routes.ts`, `import.routes.ts`); the image markers, which store
 * files, are mounted apart (`image-markers.routes.ts`).
 */
export function registerTemplateRoutes(
  app: App,
  deps: { db: Db; uploadSlot: UploadSlot; aiService?: { url?: string; token?: string } },
): void {
  const mount = { app, db: deps.db, tags: ['templates'] };
  mountWorkspaceEndpoints(mount, templateEndpoints, {
    'GET /api/checklist/template/list': { guard, handle: ({ query }, ctx) => service.listTemplates(ctx, query) },
    'GET /api/checklist/template/search': { guard, handle: ({ query }, ctx) => service.searchTemplates(ctx, query, TEMPLATE_SEARCH_LIMIT) },
    'GET /api/checklist/search': { guard, handle: ({ query }, ctx) => service.searchChecklists(ctx, query) },
    'POST /api/checklist/template/new': {
      guard,
      message: 'template.created',
      handle: ({ body }, ctx, request) => service.createTemplate(ctx, body, request.ip),
    },
    'POST /api/checklist/template/move': {
      guard,
      message: 'template.moved',
      handle: ({ body }, ctx, request) => service.moveTemplate(ctx, body.id, body.parent_id, request.ip),
    },
    'GET /api/checklist/template/:id/options': { guard, handle: ({ params }, ctx) => service.getTemplateOptions(ctx, params.id) },
    'GET /api/checklist/template/:id': { guard, handle: ({ params }, ctx) => service.getTemplate(ctx, params.id) },
    'POST /api/checklist/template/:id': {
      guard,
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      handle: ({ params, body }, ctx, request) => service.saveTemplate(ctx, params.id, body, request.auth!.features, callOf(request)),
    },
    'DELETE /api/checklist/template/:id': {
      guard,
      message: 'template.deleted',
      handle: async ({ params }, ctx, request) => {
        await service.deleteTemplate(ctx, params.id, request.ip);
        return null;
      },
    },
    'POST /api/checklist/template/:id/publish': {
      guard,
      message: 'template.published',
      handle: ({ params, body }, ctx, request) => service.publishTemplate(ctx, params.id, body.revision, callOf(request)),
    },
    'POST /api/checklist/template/:id/clone': {
      guard,
      message: 'template.cloned',
      handle: ({ params, body }, ctx, request) => service.cloneTemplate(ctx, params.id, body, request.ip),
    },
    'POST /api/checklist/template/:id/archive': archiveCall(true),
    'POST /api/checklist/template/:id/restore': archiveCall(false),
    'POST /api/checklist/template/:id/set-language': {
      guard,
      handle: ({ params, body }, ctx, request) => service.setLanguage(ctx, params.id, body.lang, request.ip),
    },
    'GET /api/checklist/:id/last-version-items': { guard, handle: ({ params }, ctx) => service.lastVersionItems(ctx, params.id) },
    'POST /api/checklist/template/:id/past-items': {
      guard,
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      handle: async ({ params, body }, ctx) => {
        await service.getTemplateOptions(ctx, params.id);
        return service.checkPastedParts(body);
      },
    },
    'POST /api/checklist/template/:id/response/new': newPart('response'),
    'POST /api/checklist/template/:id/grouped-item/new': {
      guard,
      handle: async ({ params, body }, ctx) => {
        const part = await service.newTemplatePart(ctx, params.id, 'grouped-item', body);
        return { grouped_item_id: part.uuid, data: part };
      },
    },
    'POST /api/checklist/template/:id/rules/new': { ...newPart('rules'), guard: withFeature(guard, 'ckl_rule') },
    'POST /api/checklist/template/:id/info/new': newPart('info'),
  });

  mountFolders(mount, guard);
  mountTranslations(mount, guard, deps.aiService ?? {});
  mountImports(mount, { guard, uploadSlot: deps.uploadSlot });
}
