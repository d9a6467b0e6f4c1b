import {
  ANSWERS_SAVE_BODY_MAX,
  INSPECTION_MEDIA_MAX_BYTES,
  INSPECTION_TABLES,
  inspectionEndpoints,
  UPLOAD_MIME_TYPES,
} from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { message } from '../../platform/errors.ts';
import type { FileStore, UploadRules } from '../../platform/files/index.ts';
import { guards } from '../../platform/guard.ts';
import { searchActivePeople } from '../users/index.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { withSavedQueries } from '../saved-queries/index.ts';
import { searchStartableTemplates } from '../templates/index.ts';
import {
  addMedia,
  archiveInspection,
  finishInspection,
  inspectionDetail,
  inspectionList,
  removeInspection,
  removeInspections,
  saveAnswers,
  setArchived,
  startInspection,
} from './inspections.service.ts';

/** Conducting: starting, answering one's own, uploading its media, finishing it (or a manager doing so on any). */
const conduct = guards.anyOf('INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS');
/** The list: everyone's with the list or manage code, one's own with the conduct code. */
const viewList = guards.anyOf('INS_VIEW_INSPECTION_LIST', 'INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS');
const viewArchive = guards.anyOf('INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_MANAGE_INSPECTIONS');
/** One inspection: one's own, any with the report code, an archived one with the archive's (inspection-access.ts). */
const open = guards.anyOf(
  'INS_CONDUCT_INSPECTIONS',
  'INS_VIEW_INSPECTION_REPORT',
  'INS_VIEW_ARCHIVED_INSPECTIONS',
  'INS_MANAGE_INSPECTIONS',
);
const manage = guards.anyOf('INS_MANAGE_INSPECTIONS');

/** Photos, recordings, files and signatures of an inspection: the general upload's types, up to 30 MB, no minimum size. */
const INSPECTION_MEDIA: UploadRules = { minBytes: 1, maxBytes: INSPECTION_MEDIA_MAX_BYTES, types: UPLOAD_MIME_TYPES };

export function registerInspectionRoutes(app: App, deps: { db: Db; files: FileStore }): void {
  const { files } = deps;
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['inspections'] }, inspectionEndpoints, {
    'GET /api/inspections/templates': {
      guard: conduct,
      handle: ({ query }, ctx) => searchStartableTemplates(ctx, query),
    },
    'GET /api/inspections/people': {
      guard: conduct,
      handle: ({ query }, ctx) => searchActivePeople(ctx, query.q, query.limit),
    },
    'POST /api/inspections/new': {
      guard: conduct,
      message: 'inspections.started',
      handle: ({ body }, ctx, request) => startInspection(ctx, body, request.ip),
    },
    'GET /api/inspections/list': {
      guard: viewList,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: INSPECTION_TABLES.inspections, query, page: await inspectionList(ctx, query, false) }),
    },
    'GET /api/inspections/archive': {
      guard: viewArchive,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: INSPECTION_TABLES.archive, query, page: await inspectionList(ctx, query, true) }),
    },
    'PUT /api/inspections/bulk-archive': {
      guard: manage,
      message: ({ data }) => message('inspections.archived_count', { count: data.count }),
      handle: ({ body }, ctx, request) => setArchived(ctx, body, true, request.ip),
    },
    'PUT /api/inspections/bulk-restore': {
      guard: manage,
      message: ({ data }) => message('inspections.restored_count', { count: data.count }),
      handle: ({ body }, ctx, request) => setArchived(ctx, body, false, request.ip),
    },
    'PUT /api/inspections/bulk-delete': {
      guard: manage,
      message: ({ data }) => message('inspections.deleted_count', { count: data.count }),
      respond: ({ body }, request) =>
        files.removingFiles(request.auth!, (ctx, remove) => removeInspections(ctx, body, body.archived, remove, request.ip)),
    },
    'GET /api/inspections/:id': {
      guard: open,
      handle: ({ params }, ctx) => inspectionDetail(ctx, params.id),
    },
    'PUT /api/inspections/:id/answers': {
      guard: conduct,
      bodyLimit: ANSWERS_SAVE_BODY_MAX,
      handle: ({ params, body }, ctx, request) => saveAnswers(ctx, params.id, body, request.ip),
    },
    'POST /api/inspections/:id/media': {
      guard: conduct,
      multipart: {},
      respond: ({ params }, request) =>
        files.withUpload(request, {
          rules: INSPECTION_MEDIA,
          work: (ctx, upload, store) => addMedia(ctx, params.id, () => store(upload.files[0])),
        }),
    },
    'POST /api/inspections/:id/finish': {
      guard: conduct,
      message: 'inspections.completed',
      handle: ({ params }, ctx, request) => finishInspection(ctx, params.id, request.ip),
    },
    'PUT /api/inspections/:id/archive': {
      guard: manage,
      message: 'inspections.archived',
      handle: ({ params }, ctx, request) => archiveInspection(ctx, params.id, true, request.ip),
    },
    'PUT /api/inspections/:id/restore': {
      guard: manage,
      message: 'inspections.restored',
      handle: ({ params }, ctx, request) => archiveInspection(ctx, params.id, false, request.ip),
    },
    'DELETE /api/inspections/:id': {
      guard: manage,
      message: 'inspections.deleted',
      respond: async ({ params }, request) => {
        await files.removingFiles(request.auth!, (ctx, remove) => removeInspection(ctx, params.id, remove, request.ip));
        return null;
      },
    },
  });
}
