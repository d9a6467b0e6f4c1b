import { inspectionReportEndpoints, sharedReportEndpoints, type PdfJob } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { sendStoredFile, type FileStore } from '../../platform/files/index.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountEndpoints, mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { readWorkspace } from '../../platform/tenancy.ts';
import { describePdf, pdfFileOf, pdfOf, requestMemberPdf, requestPdf } from './inspection-pdf.service.ts';
import type { PdfRow } from './inspection-reports.repo.ts';
import { historyOf, memberReport, sharedLogo, sharedMedia, sharedReport } from './inspection-reports.service.ts';
import { createShare, listSharesOf, openSharedInspection, revokeShareOf } from './inspection-shares.service.ts';
import { prefillSource } from './inspections.service.ts';

/** The report, its history and its PDF: one's own inspection, any with the report or manage code, an archived one with the archive's. */
const read = guards.anyOf(
  'INS_CONDUCT_INSPECTIONS',
  'INS_VIEW_INSPECTION_REPORT',
  'INS_VIEW_ARCHIVED_INSPECTIONS',
  'INS_MANAGE_INSPECTIONS',
);
const conduct = guards.anyOf('INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS');
/** Share links show the report to anyone holding them, beyond the workspace's permissions: managers only. */
const share = guards.anyOf('INS_MANAGE_INSPECTIONS');

const pdfAnswer = (request: FastifyRequest, row: PdfRow): PdfJob => describePdf(row, (key) => request.t(key));

/** A stored PDF sent as a download. */
function sendPdf(reply: FastifyReply, opened: Awaited<ReturnType<typeof pdfFileOf>>) {
  return sendStoredFile(reply, opened);
}

export function registerInspectionReportRoutes(app: App, deps: { db: Db; files: FileStore; publicUrl: string }): void {
  const { db, files } = deps;
  mountWorkspaceEndpoints({ app, db, tags: ['inspections'] }, inspectionReportEndpoints, {
    'GET /api/inspections/prefill': {
      guard: conduct,
      handle: ({ query }, ctx) => prefillSource(ctx, query.template_id, query.asset_id),
    },
    'GET /api/inspections/:id/report': {
      guard: read,
      handle: ({ params }, ctx) => memberReport(ctx, files, params.id),
    },
    'GET /api/inspections/:id/history': {
      guard: read,
      handle: ({ params, query }, ctx) => historyOf(ctx, params.id, query),
    },
    'GET /api/inspections/:id/shares': {
      guard: share,
      handle: ({ params }, ctx) => listSharesOf(ctx, params.id),
    },
    'POST /api/inspections/:id/shares': {
      guard: share,
      message: 'inspections.shared',
      handle: ({ params, body }, ctx, request) => createShare(ctx, params.id, body, { publicUrl: deps.publicUrl, ip: request.ip }),
    },
    'DELETE /api/inspections/:id/shares/:shareId': {
      guard: share,
      message: 'inspections.share_revoked',
      handle: ({ params }, ctx, request) => revokeShareOf(ctx, params.id, params.shareId, request.ip),
    },
    'POST /api/inspections/:id/pdf': {
      guard: read,
      handle: async ({ params, body }, ctx, request) =>
        pdfAnswer(
          request,
          await requestMemberPdf(ctx, params.id, {
            language: request.language,
            timeZone: body.time_zone,
            defaultTimeZone: request.auth!.user.tzCode,
          }),
        ),
    },
    'GET /api/inspections/pdf/:jobId': {
      guard: read,
      handle: async ({ params }, ctx, request) => pdfAnswer(request, await pdfOf(ctx, params.jobId, { userId: ctx.actor.userId }, true)),
    },
    'GET /api/inspections/pdf/:jobId/file': {
      guard: read,
      sendsFile: 'application/pdf',
      respond: ({ params }, request, reply) =>
        readWorkspace(db, request.auth!, async (ctx) => {
          const row = await pdfOf(ctx, params.jobId, { userId: ctx.actor.userId }, true);
          return sendPdf(reply, await pdfFileOf(ctx, files, row));
        }),
    },
  });

  mountEndpoints({ app, tags: ['inspections', 'shared'] }, sharedReportEndpoints, {
    'GET /api/shared/inspections/:token': {
      guard: guards.public,
      handle: async ({ params }) => sharedReport(await openSharedInspection(db, params.token), files),
    },
    'GET /api/shared/inspections/:token/logo': {
      guard: guards.public,
      sendsFile: true,
      respond: async ({ params }, _request, reply) => {
        return sendStoredFile(reply, await sharedLogo(await openSharedInspection(db, params.token), files));
      },
    },
    'GET /api/shared/inspections/:token/media/:fileId': {
      guard: guards.public,
      sendsFile: true,
      respond: async ({ params, query }, _request, reply) => {
        const opened = await sharedMedia(await openSharedInspection(db, params.token), files, params.fileId, query.size);
        return sendStoredFile(reply, opened);
      },
    },
    'POST /api/shared/inspections/:token/pdf': {
      guard: guards.public,
      handle: async ({ params, body }, request) => {
        const shared = await openSharedInspection(db, params.token);
        const row = await db.transaction((tx) =>
          requestPdf(
            { ...shared.ctx, tx },
            shared.inspection,
            { shareId: shared.share.id },
            {
              language: request.language,
              timeZone: body.time_zone,
              defaultTimeZone: null,
            },
          ),
        );
        return pdfAnswer(request, row);
      },
    },
    'GET /api/shared/inspections/:token/pdf/:jobId': {
      guard: guards.public,
      handle: async ({ params }, request) => {
        const shared = await openSharedInspection(db, params.token);
        return pdfAnswer(request, await pdfOf(shared.ctx, params.jobId, { shareId: shared.share.id }, false));
      },
    },
    'GET /api/shared/inspections/:token/pdf/:jobId/file': {
      guard: guards.public,
      sendsFile: 'application/pdf',
      respond: async ({ params }, _request, reply) => {
        const shared = await openSharedInspection(db, params.token);
        const row = await pdfOf(shared.ctx, params.jobId, { shareId: shared.share.id }, false);
        return sendPdf(reply, await pdfFileOf(shared.ctx, files, row));
      },
    },
  });
}
