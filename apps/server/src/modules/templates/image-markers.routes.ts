import { imageMarkerEndpoints } from '@vigil/contracts';
import { IMAGE_UPLOAD, type FileStore } from '../../platform/files/index.ts';
import { withFeature } from '../../platform/guard.ts';
import type { Db } from '../../platform/db.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { newImageMarker, readImageMarkerFields } from './image-markers.service.ts';

/** A new image marker's picture (multipart: file, uuid?, options?), plan feature ckl_image_marker; stored in `files.withUpload`'s transaction. */
export function registerImageMarkerRoutes(app: App, deps: { db: Db; files: FileStore }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['templates'] }, imageMarkerEndpoints, {
    'POST /api/checklist/template/:id/image-marker/new': {
      guard: withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ckl_image_marker'),
      multipart: {},
      respond: ({ params }, request) =>
        deps.files.withUpload(request, {
          rules: IMAGE_UPLOAD,
          work: (ctx, upload, store) => newImageMarker(ctx, params.id, readImageMarkerFields(upload.fields), () => store(upload.files[0])),
        }),
    },
  });
}
