import {
  ChecklistSearchQuerySchema,
  CloneTemplateBodySchema,
  envelope,
  FolderAllQuerySchema,
  FolderSchema,
  LastVersionItemsSchema,
  MoveTemplateBodySchema,
  NewFolderBodySchema,
  NewTemplateBodySchema,
  PastItemsBodySchema,
  PublishResultSchema,
  RevisionBodySchema,
  SaveTemplateBodySchema,
  SaveTemplateResultSchema,
  SetLanguageBodySchema,
  TEMPLATE_BODY_LIMIT_BYTES,
  TEMPLATE_SEARCH_LIMIT,
  TemplateIdParamsSchema,
  TemplateLangParamsSchema,
  TemplateTranslationSchema,
  AddTranslationBodySchema,
  AutoTranslateBodySchema,
  AutoTranslationSchema,
  BulkTranslationBodySchema,
  TranslationQuerySchema,
  TranslationRecordBodySchema,
  TranslationImportFieldsSchema,
  TemplateImportFieldsSchema,
  TemplateImportSampleQuerySchema,
  TemplateListEntrySchema,
  TemplateListQuerySchema,
  TemplateListSchema,
  TemplateOptionsInfoSchema,
  TemplatePartBodySchema,
  TemplatePartSchema,
  TemplateSchema,
  TemplateSearchEntrySchema,
  TemplateSearchQuerySchema,
  UpdateFolderBodySchema,
} from '@vigil/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { UploadSlot } from '../../platform/files/index.ts';
import { AppError, validationFailed } from '../../platform/errors.ts';
import { guards, withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace, readWorkspace } from '../../platform/tenancy.ts';
import { IMPORT_MAX_BYTES, readImportFile, readOrRefuse, readTable, sampleFile } from './import.service.ts';
import * as service from './templates.service.ts';
import { createAiTranslator, machineTranslate, textsToTranslate } from './auto-translate.service.ts';
import * as translations from './translations.service.ts';

const guard = guards.anyOf('CKL_MANAGE_TEMPLATES');
const tags = ['templates'];

export function registerTemplateRoutes(app: App, deps: { db: Db; uploadSlot: UploadSlot; aiService?: { url?: string; token?: string } }): void {
  const { db } = deps;
  const machineTranslator = createAiTranslator(deps.aiService ?? {});

  app.get(
    '/api/checklist/template/list',
    {
      config: { guard },
      schema: { tags, summary: 'Folders and templates as a tree, paged by top-level entry', querystring: TemplateListQuerySchema, response: { 200: envelope(TemplateListSchema) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.listTemplates(ctx, request.query, request.t)) }),
  );

  app.get(
    '/api/checklist/template/search',
    {
      config: { guard },
      schema: {
        tags,
        summary: 'Templates by title (q), folder (parent_id) or ids',
        querystring: TemplateSearchQuerySchema,
        response: { 200: envelope(z.array(TemplateSearchEntrySchema)) },
      },
    },
    async (request) => ({
      data: await readWorkspace(db, request.auth!, (ctx) => service.searchTemplates(ctx, request.query, TEMPLATE_SEARCH_LIMIT)),
    }),
  );

  app.get(
    '/api/checklist/search',
    {
      config: { guard },
      schema: { tags, summary: 'Published templates by title, at most 10', querystring: ChecklistSearchQuerySchema, response: { 200: envelope(z.array(TemplateSearchEntrySchema)) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.searchChecklists(ctx, request.query)) }),
  );

  app.post(
    '/api/checklist/template/new',
    {
      config: { guard },
      schema: { tags, summary: 'Create an empty template in a folder', body: NewTemplateBodySchema, response: { 200: envelope(TemplateSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.createTemplate(ctx, request.body, request.ip)),
      message: request.t('template.created'),
    }),
  );

  app.post(
    '/api/checklist/template/move',
    {
      config: { guard },
      schema: { tags, summary: 'Move a template into a folder (parent_id null: top level)', body: MoveTemplateBodySchema, response: { 200: envelope(TemplateListEntrySchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.moveTemplate(ctx, request.body.id, request.body.parent_id, request.ip)),
      message: request.t('template.moved'),
    }),
  );

  app.get(
    '/api/checklist/template/:id/options',
    {
      config: { guard },
      schema: { tags, summary: 'Draft, publication and language state of a template', params: TemplateIdParamsSchema, response: { 200: envelope(TemplateOptionsInfoSchema) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.getTemplateOptions(ctx, request.params.id)) }),
  );

  app.get(
    '/api/checklist/template/:id',
    {
      config: { guard },
      schema: { tags, summary: 'The template draft with its latest published version', params: TemplateIdParamsSchema, response: { 200: envelope(TemplateSchema) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.getTemplate(ctx, request.params.id)) }),
  );

  app.post(
    '/api/checklist/template/:id',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      config: { guard },
      schema: {
        tags,
        summary: 'Autosave the full draft from a revision, problems and all (answered); 422 only for a broken structure; 409 CKL_REVISION_NOT_MATCH with the current revision',
        params: TemplateIdParamsSchema,
        body: SaveTemplateBodySchema,
        response: { 200: envelope(SaveTemplateResultSchema) },
      },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) =>
        service.saveTemplate(ctx, request.params.id, request.body, request.auth!.features, { ip: request.ip, locale: request.language }),
      ),
    }),
  );

  app.delete(
    '/api/checklist/template/:id',
    {
      config: { guard },
      schema: { tags, summary: 'Delete a template and its versions', params: TemplateIdParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await inWorkspace(db, request.auth!, (ctx) => service.deleteTemplate(ctx, request.params.id, request.ip));
      return { data: null, message: request.t('template.deleted') };
    },
  );

  app.post(
    '/api/checklist/template/:id/publish',
    {
      config: { guard },
      schema: { tags, summary: 'Publish the draft at a revision as the next version; 422 CKL_TEMPLATE_HAS_PROBLEMS while the draft has problems', params: TemplateIdParamsSchema, body: RevisionBodySchema, response: { 200: envelope(PublishResultSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.publishTemplate(ctx, request.params.id, request.body.revision, { ip: request.ip, locale: request.language })),
      message: request.t('template.published'),
    }),
  );

  app.post(
    '/api/checklist/template/:id/clone',
    {
      config: { guard },
      schema: { tags, summary: 'Copy a template draft into a folder', params: TemplateIdParamsSchema, body: CloneTemplateBodySchema, response: { 200: envelope(TemplateSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.cloneTemplate(ctx, request.params.id, request.body, request.ip)),
      message: request.t('template.cloned'),
    }),
  );

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    app.post(
      `/api/checklist/template/:id/${action}`,
      {
        config: { guard },
        schema: { tags, summary: archived ? 'Archive a template' : 'Restore an archived template', params: TemplateIdParamsSchema, response: { 200: envelope(TemplateOptionsInfoSchema) } },
      },
      async (request) => ({
        data: await inWorkspace(db, request.auth!, (ctx) => service.setArchived(ctx, request.params.id, archived, request.ip)),
        message: request.t(archived ? 'template.archived' : 'template.restored'),
      }),
    );
  }

  app.post(
    '/api/checklist/template/:id/set-language',
    {
      config: { guard },
      schema: { tags, summary: "Set the template's language", params: TemplateIdParamsSchema, body: SetLanguageBodySchema, response: { 200: envelope(z.object({ language: z.string(), revision: z.number().int() })) } },
    },
    async (request) => ({ data: await inWorkspace(db, request.auth!, (ctx) => service.setLanguage(ctx, request.params.id, request.body.lang, request.ip)) }),
  );

  app.get(
    '/api/checklist/:id/last-version-items',
    {
      config: { guard },
      schema: { tags, summary: 'The items of the latest published version', params: TemplateIdParamsSchema, response: { 200: envelope(LastVersionItemsSchema) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.lastVersionItems(ctx, request.params.id)) }),
  );

  app.post(
    '/api/checklist/template/:id/past-items',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      config: { guard },
      schema: {
        tags,
        summary: 'Check the rule sets, image markers and grouped items of pasted items',
        params: TemplateIdParamsSchema,
        body: PastItemsBodySchema,
        response: { 200: envelope(z.object({ rules: z.array(z.unknown()), image_markers: z.array(z.unknown()), grouped_items: z.array(z.unknown()) })) },
      },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, async (ctx) => {
        await service.getTemplateOptions(ctx, request.params.id);
        return service.checkPastedParts(request.body, request.language);
      }),
    }),
  );

  for (const kind of ['response', 'grouped-item', 'rules', 'info'] as const) {
    app.post(
      `/api/checklist/template/:id/${kind}/new`,
      {
        config: { guard: kind === 'rules' ? withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ckl_rule') : guard },
        schema: {
          tags,
          summary: `Check a new ${kind === 'rules' ? 'rule set' : kind === 'info' ? 'info block' : kind === 'response' ? 'response set' : 'grouped item'} and give it its uuid`,
          params: TemplateIdParamsSchema,
          body: TemplatePartBodySchema,
          response: { 200: envelope(kind === 'grouped-item' ? z.object({ grouped_item_id: z.string(), data: TemplatePartSchema }) : TemplatePartSchema) },
        },
      },
      async (request) => {
        const part = await inWorkspace(db, request.auth!, (ctx) => service.newTemplatePart(ctx, request.params.id, kind, request.body, request.language));
        return { data: kind === 'grouped-item' ? { grouped_item_id: part.uuid, data: part } : part };
      },
    );
  }

  // Translations ----------------------------------------------------------------------------------

  app.post(
    '/api/checklist/template/:id/translation/add',
    {
      config: { guard },
      schema: { tags, summary: 'Add a translation language to the template', params: TemplateIdParamsSchema, body: AddTranslationBodySchema, response: { 200: envelope(TemplateTranslationSchema) } },
    },
    async (request) => ({ data: await inWorkspace(db, request.auth!, (ctx) => translations.addTranslation(ctx, request.params.id, request.body.lang, { ip: request.ip, locale: request.language })) }),
  );

  app.get(
    '/api/checklist/template/:id/translation/:lang',
    {
      config: { guard },
      schema: { tags, summary: 'Sources and translations of one language (filter: all, untranslated, translated)', params: TemplateLangParamsSchema, querystring: TranslationQuerySchema, response: { 200: envelope(TemplateTranslationSchema) } },
    },
    async (request) => ({
      data: await readWorkspace(db, request.auth!, (ctx) => translations.getTranslation(ctx, request.params.id, request.params.lang, request.query.filter)),
    }),
  );

  app.put(
    '/api/checklist/template/:id/translation/:lang',
    {
      config: { guard },
      schema: { tags, summary: 'Set one translation by key', params: TemplateLangParamsSchema, body: TranslationRecordBodySchema, response: { 200: envelope(TemplateTranslationSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => translations.updateTranslation(ctx, request.params.id, request.params.lang, [request.body], () => 'key', { ip: request.ip, locale: request.language })),
    }),
  );

  app.put(
    '/api/checklist/template/:id/translation/:lang/bulk-update',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
      config: { guard },
      schema: { tags, summary: 'Set many translations by key, all or nothing', params: TemplateLangParamsSchema, body: BulkTranslationBodySchema, response: { 200: envelope(TemplateTranslationSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) =>
        translations.updateTranslation(ctx, request.params.id, request.params.lang, request.body.records, (index) => `records.${index}.key`, {
          ip: request.ip,
          locale: request.language,
        }),
      ),
    }),
  );

  app.put(
    '/api/checklist/template/:id/translation/:lang/bulk-auto-translate',
    {
      config: { guard },
      schema: {
        tags,
        summary: 'Machine translations of up to 10 records, as a preview (nothing is stored; instruction items are left out)',
        params: TemplateLangParamsSchema,
        body: AutoTranslateBodySchema,
        response: { 200: envelope(AutoTranslationSchema) },
      },
    },
    async (request) => {
      const pending = await inWorkspace(db, request.auth!, (ctx) =>
        textsToTranslate(ctx, request.params.id, request.params.lang, request.body.keys, request.language),
      );
      return { data: await machineTranslate(pending, machineTranslator) };
    },
  );

  app.delete(
    '/api/checklist/template/:id/translation/:lang',
    {
      config: { guard },
      schema: { tags, summary: 'Remove a translation language', params: TemplateLangParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await inWorkspace(db, request.auth!, (ctx) => translations.deleteTranslation(ctx, request.params.id, request.params.lang, request.ip));
      return { data: null };
    },
  );

  // Folders ---------------------------------------------------------------------------------------

  app.post(
    '/api/checklist/template/folder/new',
    {
      config: { guard },
      schema: { tags, summary: 'Create a folder', body: NewFolderBodySchema, response: { 200: envelope(FolderSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.createFolder(ctx, request.body, request.ip)),
      message: request.t('template.folder_created'),
    }),
  );

  app.put(
    '/api/checklist/template/folder/:id',
    {
      config: { guard },
      schema: { tags, summary: 'Rename or move a folder', params: TemplateIdParamsSchema, body: UpdateFolderBodySchema, response: { 200: envelope(FolderSchema) } },
    },
    async (request) => ({
      data: await inWorkspace(db, request.auth!, (ctx) => service.updateFolder(ctx, request.params.id, request.body, request.ip)),
      message: request.t('template.folder_updated'),
    }),
  );

  app.delete(
    '/api/checklist/template/folder/:id',
    {
      config: { guard },
      schema: { tags, summary: 'Delete an empty folder', params: TemplateIdParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await inWorkspace(db, request.auth!, (ctx) => service.deleteFolder(ctx, request.params.id, request.ip));
      return { data: null, message: request.t('template.folder_deleted') };
    },
  );

  app.get(
    '/api/checklist/template/folder/all',
    {
      config: { guard },
      schema: { tags, summary: 'Every folder as a tree, without exclude_id and its subfolders', querystring: FolderAllQuerySchema, response: { 200: envelope(z.array(FolderSchema)) } },
    },
    async (request) => ({ data: await readWorkspace(db, request.auth!, (ctx) => service.allFolders(ctx, request.query.exclude_id)) }),
  );

  registerImportRoutes(app, db, deps.uploadSlot);
}

const importGuard = withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ckl_create_checklist_from_csv');

/**
 * Import from CSV or xlsx (paths not shown in the spec): multipart is registered in this scope
 * only, with the upload limited while it streams (5 MB, one file, a few short fields).
 */
function registerImportRoutes(app: App, db: Db, uploadSlot: UploadSlot): void {
  app.get(
    '/api/checklist/template/import/sample',
    {
      config: { guard: importGuard },
      schema: { tags, summary: 'The sample import file (csv or xlsx)', querystring: TemplateImportSampleQuerySchema },
    },
    async (request, reply) => {
      const format = request.query.format;
      const body = await sampleFile(format);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="template-import-sample.${format}"`)
        .send(body);
    },
  );

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
    });
    (scope as unknown as App).post(
      '/api/checklist/template/:id/translation/:lang/import',
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Import translations from a CSV or xlsx file (multipart: file, key_column, translation_column)',
          consumes: ['multipart/form-data'],
          params: TemplateLangParamsSchema,
          response: { 200: envelope(TemplateTranslationSchema) },
        },
      },
      async (request) => {
        const { file, fields } = await uploadSlot(request, () => readUpload(request));
        const parsed = TranslationImportFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw validationFailed(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [request.t('validation.required')]])));
        }
        const table = await readOrRefuse(readTable(file.buffer));
        return {
          data: await inWorkspace(db, request.auth!, (ctx) =>
            translations.importTranslations(ctx, request.params.id, request.params.lang, table, parsed.data, { ip: request.ip, locale: request.language }),
          ),
        };
      },
    );

    (scope as unknown as App).post(
      '/api/checklist/template/import',
      {
        config: { guard: importGuard },
        schema: {
          tags,
          summary: 'Create a template from a CSV or xlsx file (multipart: file, title?, parent_id?, language?, show_errors_only?)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(TemplateSchema) },
        },
      },
      async (request) => {
        const { file, fields } = await uploadSlot(request, () => readUpload(request));
        const parsed = TemplateImportFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw validationFailed(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [request.t('validation.invalid')]])));
        }
        const rows = await readOrRefuse(readImportFile(file.buffer));
        return {
          data: await inWorkspace(db, request.auth!, (ctx) => service.importTemplate(ctx, rows, file.name, parsed.data, { ip: request.ip, locale: request.language })),
          message: request.t('template.imported'),
        };
      },
    );
  });
}

/** Reads a multipart upload: the `file` part (streamed under the scope's limits) and the text fields. */
async function readUpload(request: FastifyRequest): Promise<{ file: { buffer: Buffer; name: string }; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw validationFailed({ file: [request.t('validation.required')] });
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        file = { buffer: await part.toBuffer(), name: part.filename ?? '' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, '_PAYLOAD_TOO_LARGE', 'error.payload_too_large');
    }
    throw error;
  }
  if (!file || file.buffer.length === 0) throw validationFailed({ file: [request.t('validation.required')] });
  return { file, fields };
}
