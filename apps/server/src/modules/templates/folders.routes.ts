import { folderEndpoints } from '@vigil/contracts';
import type { MemberGuard } from '../../platform/guard.ts';
import { mountWorkspaceEndpoints, type ModuleMount } from '../../platform/kit.ts';
import * as folders from './folders.service.ts';

/** The folders templates are filed in. */
export function mountFolders(mount: ModuleMount, guard: MemberGuard): void {
  mountWorkspaceEndpoints(mount, folderEndpoints, {
    'POST /api/checklist/template/folder/new': {
      guard,
      message: 'template.folder_created',
      handle: ({ body }, ctx, request) => folders.createFolder(ctx, body, request.ip),
    },
    'PUT /api/checklist/template/folder/:id': {
      guard,
      message: 'template.folder_updated',
      handle: ({ params, body }, ctx, request) => folders.updateFolder(ctx, params.id, body, request.ip),
    },
    'DELETE /api/checklist/template/folder/:id': {
      guard,
      message: 'template.folder_deleted',
      handle: async ({ params }, ctx, request) => {
        await folders.deleteFolder(ctx, params.id, request.ip);
        return null;
      },
    },
    'GET /api/checklist/template/folder/all': { guard, handle: ({ query }, ctx) => folders.allFolders(ctx, query.exclude_id) },
  });
}
