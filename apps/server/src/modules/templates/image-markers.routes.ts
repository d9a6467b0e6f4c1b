import multipart from '@fastify/multipart';
import { envelope, TemplateIdParamsSchema, TemplatePartSchema } from '@vigil/contracts';
import { IMAGE_UPLOAD, type FileStore } from '../../platform/files/index.ts';
import { withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { newImageMarker, readImageMarkerFields } from './image-markers.service.ts';

/** `POST /api/checklist/template/{id}/image-marker/new` (multipart: file, uuid?, options?), plan feature ckl_image_marker. */
export function registerImageMarkerRoutes(app: App, deps: { files: FileStore }): void {
  app.register(async (scope) => {
    await scope.register(multipart);
    (scope as unknown as App).post(
      '/api/checklist/template/:id/image-marker/new',
      {
        config: { guard: withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ckl_image_marker') },
        schema: {
          tags: ['templates'],
          summary: 'Upload the picture of a new image marker (multipart: file, uuid?, options?) and answer the marker with its file',
          consumes: ['multipart/form-data'],
          params: TemplateIdParamsSchema,
          response: { 200: envelope(TemplatePartSchema) },
        },
      },
      async (request) => ({
        data: await deps.files.withUpload(request, {
          rules: IMAGE_UPLOAD,
          work: (ctx, upload, store) =>
            newImageMarker(ctx, request.params.id, readImageMarkerFields(upload.fields, request.t), () => store(upload.files[0]!)),
        }),
      }),
    );
  });
}
