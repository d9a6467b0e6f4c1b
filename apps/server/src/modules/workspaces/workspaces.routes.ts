import { workspaceEndpoints } from '@vigil/contracts';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import { sessionToken } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { message, unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountAccountEndpoints } from '../../platform/kit.ts';
import { createMyWorkspace, listMyWorkspaces, switchWorkspace } from './my-workspaces.service.ts';

const guard = guards.signedIn;

export function registerWorkspaceRoutes(app: App, deps: { db: Db; sessions: SessionStore }): void {
  mountAccountEndpoints({ app, db: deps.db, tags: ['workspaces'] }, workspaceEndpoints, {
    'GET /api/settings/workspaces/my-workspaces': { guard, handle: (_, request) => listMyWorkspaces(deps.db, request.auth!) },
    'POST /api/settings/workspaces/new': {
      guard,
      message: ({ data }) => message('workspaces.created', { name: data.name }),
      handle: async ({ body }, request) => {
        const workspace = await createMyWorkspace(deps.db, request.auth!, body, request.ip);
        return {
          id: workspace.id,
          name: workspace.name,
          branch: workspace.branch,
          plan: workspace.plan,
          trial_plan: null,
          trial_ends_at: null,
        };
      },
    },
    'POST /api/settings/workspaces/:id/switch': {
      guard,
      message: ({ data }) => message('workspaces.switched', { name: data.workspace.name }),
      handle: async ({ params }, request) => {
        await switchWorkspace(deps.db, request.auth!, params.id);
        const token = sessionToken(request);
        const auth = token ? await deps.sessions.authenticate(token) : null;
        if (!auth) throw unauthenticated();
        return describeAuth(auth);
      },
    },
  });
}
