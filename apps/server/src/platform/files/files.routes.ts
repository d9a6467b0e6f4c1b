import multipart from '@fastify/multipart';
import { envelope, FileUploadResultSchema } from '@vigil/contracts';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { guards } from '../guard.ts';
import type { App } from '../http.ts';
import { GENERAL_UPLOAD, isInlineImage, type FileStore } from './files.service.ts';

const tags = ['files'];

/** `POST /api/file/upload` (spec 1 §7) and `GET /storage/{path}`, the URL of every stored file. */
export function registerFileRoutes(app: App, files: FileStore): void {
  app.register(async (scope) => {
    await scope.register(multipart);
    (scope as unknown as App).post(
      '/api/file/upload',
      {
        config: { guard: guards.signedIn },
        schema: {
          tags,
          summary: 'Upload one file (multipart field `file`; 10 KB to 30 MB; type recognised by its content)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(FileUploadResultSchema) },
        },
      },
      async (request) => ({
        data: { file: await files.withUpload(request, { rules: GENERAL_UPLOAD, work: (_ctx, upload, store) => store(upload.files[0]!) }) },
      }),
    );
  });

  app.get(
    '/storage/:workspaceId/:name',
    {
      config: { guard: guards.signedIn },
      schema: { tags, summary: 'A stored file, to members of its workspace', params: z.object({ workspaceId: z.string(), name: z.string() }) },
    },
    async (request, reply) => {
      const opened = await files.open(request.auth!, `${request.params.workspaceId}/${request.params.name}`);
      if (!opened) throw notFound();
      const { file, body } = opened;
      const disposition = isInlineImage(file.mime) ? 'inline' : 'attachment';
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${asciiName(file.originalName)}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
        // A stored file never changes (a new upload gets a new path), but it is private to members.
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body);
    },
  );
}

/** The download name for old clients: ASCII only, no quotes. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}
