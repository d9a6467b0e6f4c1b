import { TemplateImportFieldsSchema, templateImportEndpoints, TranslationImportFieldsSchema } from '@vigil/contracts';
import { message, validationFailed } from '../../platform/errors.ts';
import type { UploadSlot } from '../../platform/files/index.ts';
import { withFeature, type MemberGuard } from '../../platform/guard.ts';
import { mountWorkspaceEndpoints, type ModuleMount } from '../../platform/kit.ts';
import { readSpreadsheetUpload, spreadsheetUploadLimits } from '../../platform/imports/index.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { IMPORT_MAX_BYTES, readImportFile, readOrRefuse, readTable, sampleFile } from './import.service.ts';
import { importTemplate } from './templates.service.ts';
import { callOf, importTranslations } from './translations.service.ts';

/** The upload is limited while it streams: 5 MB, one file, a few short fields. */
const IMPORT_UPLOAD = spreadsheetUploadLimits(IMPORT_MAX_BYTES);

/**
 * Imports from CSV or xlsx (paths not shown in the spec): a template (plan feature
 * ckl_create_checklist_from_csv) or one language's translations, each file read in an upload slot
 * before the transaction opens.
 */
export function mountImports(mount: ModuleMount, deps: { guard: MemberGuard; uploadSlot: UploadSlot }): void {
  const { guard, uploadSlot } = deps;
  const importGuard = withFeature(guard, 'ckl_create_checklist_from_csv');

  mountWorkspaceEndpoints(mount, templateImportEndpoints, {
    'GET /api/checklist/template/import/sample': {
      guard: importGuard,
      sendsFile: true,
      respond: async ({ query }, _request, reply) =>
        reply
          .type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="template-import-sample.${query.format}"`)
          .send(await sampleFile(query.format)),
    },
    'POST /api/checklist/template/import': {
      guard: importGuard,
      message: 'template.imported',
      multipart: IMPORT_UPLOAD,
      respond: async (_, request) => {
        const { file, fields } = await uploadSlot(request, () => readSpreadsheetUpload(request));
        const parsed = TemplateImportFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw validationFailed(
            Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [message('validation.invalid')]])),
          );
        }
        const rows = await readOrRefuse(readImportFile(file.buffer));
        return inWorkspace(mount.db, request.auth!, (ctx) => importTemplate(ctx, rows, file.name, parsed.data, callOf(request)));
      },
    },
    'POST /api/checklist/template/:id/translation/:lang/import': {
      guard,
      multipart: IMPORT_UPLOAD,
      respond: async ({ params }, request) => {
        const { file, fields } = await uploadSlot(request, () => readSpreadsheetUpload(request));
        const parsed = TranslationImportFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw validationFailed(
            Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [message('validation.required')]])),
          );
        }
        const table = await readOrRefuse(readTable(file.buffer));
        return inWorkspace(mount.db, request.auth!, (ctx) =>
          importTranslations(ctx, params.id, params.lang, table, parsed.data, callOf(request)),
        );
      },
    },
  });
}
