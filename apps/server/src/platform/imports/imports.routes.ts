import { IMPORT_MAX_BYTES, importEndpoints } from '@vigil/contracts';
import type { FastifyReply } from 'fastify';
import { guards } from '../guard.ts';
import type { App } from '../http.ts';
import { mountWorkspaceEndpoints } from '../kit.ts';
import type { Imports } from './imports.service.ts';
import { spreadsheetUploadLimits } from './upload.ts';

/** The multipart limits of every bulk import's upload. */
export const IMPORT_UPLOAD = spreadsheetUploadLimits(IMPORT_MAX_BYTES);

/** Whoever may import something: assets, or a global list's items. */
const importers = guards.anyOf('SST_MANAGE_ASSET', 'RES_MANAGE_GLOBAL_LISTS');

/**
 * The calls every import shares (paths not shown in the spec, see docs/imports.md): a file's first
 * rows for the mapping, and one's own import followed and cancelled. Each module mounts its own
 * `…/bulk-import` calls, which start imports.
 */
export function registerImportRoutes(app: App, imports: Imports): void {
  mountWorkspaceEndpoints({ app, db: imports.db, tags: ['imports'] }, importEndpoints, {
    'POST /api/imports/preview': {
      guard: importers,
      multipart: IMPORT_UPLOAD,
      respond: (_, request) => imports.preview(request),
    },
    'GET /api/imports/:id': {
      guard: importers,
      handle: ({ params }, ctx, request) => imports.find(ctx, params.id, request.language),
    },
    'PUT /api/imports/:id/cancel': {
      guard: importers,
      handle: ({ params }, ctx, request) => imports.cancel(ctx, params.id, request.language),
    },
  });
}

const SPREADSHEET_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Answers a spreadsheet as a download named `<baseName>.<format>`. */
export function sendSpreadsheet(reply: FastifyReply, baseName: string, format: keyof typeof SPREADSHEET_TYPES, body: Buffer) {
  return reply.type(SPREADSHEET_TYPES[format]).header('content-disposition', `attachment; filename="${baseName}.${format}"`).send(body);
}
