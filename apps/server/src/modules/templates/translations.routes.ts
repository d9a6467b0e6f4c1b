import { TEMPLATE_BODY_LIMIT_BYTES, translationEndpoints } from '@vigil/contracts';
import type { MemberGuard } from '../../platform/guard.ts';
import { mountWorkspaceEndpoints, type ModuleMount } from '../../platform/kit.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { createAiTranslator, machineTranslate, textsToTranslate } from './auto-translate.service.ts';
import * as translations from './translations.service.ts';

/** The template's translations, one language at a time (spec 2 §5); their file import is in `import.routes.ts`. */
export function mountTranslations(mount: ModuleMount, guard: MemberGuard, aiService: { url?: string; token?: string }): void {
  const machineTranslator = createAiTranslator(aiService);
  mountWorkspaceEndpoints(mount, translationEndpoints, {
    'POST /api/checklist/template/:id/translation/add': {
      guard,
      handle: ({ params, body }, ctx, request) => translations.addTranslation(ctx, params.id, body.lang, translations.callOf(request)),
    },
    'GET /api/checklist/template/:id/translation/:lang': {
      guard,
      handle: ({ params, query }, ctx) => translations.getTranslation(ctx, params.id, params.lang, query.filter),
    },
    'PUT /api/checklist/template/:id/translation/:lang': {
      guard,
      handle: ({ params, body }, ctx, request) =>
        translations.updateTranslation(ctx, params.id, params.lang, [body], () => 'key', translations.callOf(request)),
    },
    'PUT /api/checklist/template/:id/translation/:lang/bulk-update': {
      guard,
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      handle: ({ params, body }, ctx, request) =>
        translations.updateTranslation(
          ctx,
          params.id,
          params.lang,
          body.records,
          (index) => `records.${index}.key`,
          translations.callOf(request),
        ),
    },
    // The machine translation runs after the transaction that read the texts: none is held open while the service answers.
    'PUT /api/checklist/template/:id/translation/:lang/bulk-auto-translate': {
      guard,
      respond: async ({ params, body }, request) => {
        const pending = await inWorkspace(mount.db, request.auth!, (ctx) => textsToTranslate(ctx, params.id, params.lang, body.keys));
        return machineTranslate(pending, machineTranslator);
      },
    },
    'DELETE /api/checklist/template/:id/translation/:lang': {
      guard,
      handle: async ({ params }, ctx, request) => {
        await translations.deleteTranslation(ctx, params.id, params.lang, request.ip);
        return null;
      },
    },
  });
}
