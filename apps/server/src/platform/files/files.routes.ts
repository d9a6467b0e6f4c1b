import { fileEndpoints, UPLOAD_MIME_TYPES } from '@vigil/contracts';
import { notFound } from '../errors.ts';
import { guards } from '../guard.ts';
import type { App } from '../http.ts';
import { mountEndpoints } from '../kit.ts';
import { GENERAL_UPLOAD, isInlineImage, type FileStore } from './files.service.ts';
import { nameWithExtension } from './upload.ts';

/** `POST /api/file/upload` (spec 1 §7) and `GET /storage/{path}`, the URL of every stored file. */
export function registerFileRoutes(app: App, files: FileStore): void {
  mountEndpoints({ app, tags: ['files'] }, fileEndpoints, {
    'POST /api/file/upload': {
      guard: guards.signedIn,
      multipart: {},
      respond: async (_, request) => ({
        file: await files.withUpload(request, { rules: GENERAL_UPLOAD, work: (_ctx, upload, store) => store(upload.files[0]) }),
      }),
    },
    'GET /storage/:workspaceId/:name': {
      guard: guards.signedIn,
      sendsFile: true,
      respond: async ({ params }, request, reply) => {
        const opened = await files.open(request.auth!, `${params.workspaceId}/${params.name}`);
        if (!opened) throw notFound();
        const { file, body } = opened;
        const type = servedType(file.mime);
        const disposition = isInlineImage(type) ? 'inline' : 'attachment';
        // Rows stored before names took the detected type's extension still carry the uploaded one.
        const name = nameWithExtension(file.originalName, file.path.slice(file.path.lastIndexOf('.') + 1));
        return (
          reply
            .type(type)
            .header('content-length', file.size)
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', `${disposition}; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
            // A stored file never changes (a new upload gets a new path), but it is private to members.
            .header('cache-control', 'private, max-age=86400, immutable')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .send(body)
        );
      },
    },
  });
}

/** The stored type when uploads accept it (all are read from the content); anything else is served as opaque bytes. */
function servedType(mime: string): string {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime) ? mime : 'application/octet-stream';
}

/** The download name for old clients: ASCII only, no quotes. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}
