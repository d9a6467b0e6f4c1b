import type { MyWorkspace, NewWorkspaceBody } from '@vigil/contracts';
import { ALL_PERMISSIONS } from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { moveSessionToWorkspace, type AuthContext } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { assertMayEnterWorkspace } from '../sso/index.ts';
import { rememberLastWorkspace } from '../../platform/auth/last-workspace.ts';
import { isActiveMember, listActiveWorkspacesOf } from './workspaces.repo.ts';
import { createWorkspace } from './workspaces.service.ts';

/** The workspaces where the person is an active member, the current one marked. */
export async function listMyWorkspaces(db: Db, auth: AuthContext): Promise<MyWorkspace[]> {
  const rows = await listActiveWorkspacesOf(db, auth.user.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    branch: row.branch,
    plan: row.plan,
    current: row.id === auth.workspace.id,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Creates a workspace on the free plan with the caller as its administrator; the session stays where it is. */
export async function createMyWorkspace(db: Db, auth: AuthContext, body: NewWorkspaceBody, ip: string) {
  return db.transaction(async (tx) => {
    const workspace = await createWorkspace(tx, { name: body.name, branch: body.branch, plan: 'free', ownerId: auth.user.id });
    await recordActivity(
      { workspaceId: workspace.id, actor: { userId: auth.user.id, permissions: new Set(ALL_PERMISSIONS) }, tx },
      {
        type: 'workspace.created',
        objectType: 'workspace',
        objectId: workspace.id,
        after: { name: workspace.name, branch: workspace.branch },
        ip,
      },
    );
    return workspace;
  });
}

/** Moves the caller's session to another workspace where they are an active member (404 otherwise). */
export async function switchWorkspace(db: Db, auth: AuthContext, workspaceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await isActiveMember(tx, workspaceId, auth.user.id))) throw notFound();
    await assertMayEnterWorkspace(tx, { userId: auth.user.id, ssoWorkspaceId: auth.ssoWorkspaceId }, workspaceId);
    await moveSessionToWorkspace(tx, auth.sessionId, workspaceId);
    await rememberLastWorkspace(tx, auth.user.id, workspaceId);
  });
}
