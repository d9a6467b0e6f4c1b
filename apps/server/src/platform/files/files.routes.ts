import { fileEndpoints } from '@vigil/contracts';
import { notFound } from '../errors.ts';
import { guards } from '../guard.ts';
import type { App } from '../http.ts';
import { mountEndpoints } from '../kit.ts';
import { GENERAL_UPLOAD, type FileStore } from './files.service.ts';
import { sendStoredFile } from './send-file.ts';

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
      respond: async ({ params, query }, request, reply) => {
        const opened = await files.open(request.auth!, `${params.workspaceId}/${params.name}`, query.size);
        if (!opened) throw notFound();
        return sendStoredFile(reply, opened);
      },
    },
  });
}
