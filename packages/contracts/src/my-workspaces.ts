import { z } from 'zod';
import { MyWorkspaceSchema, NewWorkspaceBodySchema, WorkspaceIdParamsSchema } from './account.ts';
import { AuthStateSchema } from './auth.ts';
import { defineEndpoints } from './endpoint.ts';
import { WorkspaceSchema } from './workspaces.ts';

/**
 * The workspaces module's calls: the workspaces the signed-in person belongs to. (Not in workspaces.ts,
 * which auth.ts imports for the session's workspace: the switch answers the session.)
 */
export const workspaceEndpoints = defineEndpoints({
  'GET /api/settings/workspaces/my-workspaces': { summary: 'The workspaces I belong to', response: z.array(MyWorkspaceSchema) },
  'POST /api/settings/workspaces/new': {
    summary: 'Create a workspace; I become its administrator',
    body: NewWorkspaceBodySchema,
    response: WorkspaceSchema,
  },
  'POST /api/settings/workspaces/:id/switch': {
    summary: 'Make this workspace the current one of my session',
    params: WorkspaceIdParamsSchema,
    response: AuthStateSchema,
  },
});
