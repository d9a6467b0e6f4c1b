import { AuthStateSchema, envelope, MyWorkspaceSchema, NewWorkspaceBodySchema, WorkspaceIdParamsSchema, WorkspaceSchema } from '@vigil/contracts';
import { z } from 'zod';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import { sessionToken } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { createMyWorkspace, listMyWorkspaces, switchWorkspace } from './my-workspaces.service.ts';

const tags = ['workspaces'];
const guard = guards.signedIn;

export function registerWorkspaceRoutes(app: App, deps: { db: Db; sessions: SessionStore }): void {
  app.get(
    '/api/settings/workspaces/my-workspaces',
    { config: { guard }, schema: { tags, summary: 'The workspaces I belong to', response: { 200: envelope(z.array(MyWorkspaceSchema)) } } },
    async (request) => ({ data: await listMyWorkspaces(deps.db, request.auth!) }),
  );

  app.post(
    '/api/settings/workspaces/new',
    { config: { guard }, schema: { tags, summary: 'Create a workspace; I become its administrator', body: NewWorkspaceBodySchema, response: { 200: envelope(WorkspaceSchema) } } },
    async (request) => {
      const workspace = await createMyWorkspace(deps.db, request.auth!, request.body, request.ip);
      return {
        data: { id: workspace.id, name: workspace.name, branch: workspace.branch, plan: workspace.plan, trial_plan: null, trial_ends_at: null },
        message: request.t('workspaces.created', { name: workspace.name }),
      };
    },
  );

  app.post(
    '/api/settings/workspaces/:id/switch',
    { config: { guard }, schema: { tags, summary: 'Make this workspace the current one of my session', params: WorkspaceIdParamsSchema, response: { 200: envelope(AuthStateSchema) } } },
    async (request) => {
      await switchWorkspace(deps.db, request.auth!, request.params.id);
      const token = sessionToken(request);
      const auth = token ? await deps.sessions.authenticate(token) : null;
      if (!auth) throw unauthenticated();
      return { data: describeAuth(auth), message: request.t('workspaces.switched', { name: auth.workspace.name }) };
    },
  );
}
