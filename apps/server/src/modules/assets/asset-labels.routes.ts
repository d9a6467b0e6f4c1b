import { assetLabelEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { translator } from '../../platform/i18n/index.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { readWorkspace } from '../../platform/tenancy.ts';
import { labelSheet } from './asset-labels.pdf.ts';
import { assetsForLabels } from './asset-labels.service.ts';

/** Whoever sees assets may print their labels. */
const viewAssets = guards.anyOf('SST_VIEW_ASSET', 'SST_MANAGE_ASSET');

export function registerAssetLabelRoutes(app: App, deps: { db: Db; publicUrl: string }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['assets'] }, assetLabelEndpoints, {
    'POST /api/assets/labels': {
      guard: viewAssets,
      sendsFile: 'application/pdf',
      respond: async ({ body }, request, reply) => {
        const items = await readWorkspace(deps.db, request.auth!, (ctx) => assetsForLabels(ctx, body));
        const pdf = await labelSheet(items, { publicUrl: deps.publicUrl, title: translator(request.language)('assets.labels_title') });
        return reply.type('application/pdf').header('content-disposition', 'attachment; filename="asset-labels.pdf"').send(pdf);
      },
    },
  });
}
