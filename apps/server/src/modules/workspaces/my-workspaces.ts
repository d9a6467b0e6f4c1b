import type { MyWorkspace, NewWorkspaceBody } from '@vigil/contracts';
import { ALL_PERMISSIONS } from '@vigil/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { memberships, sessions, users, workspaces } from '../../db/schema/index.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { createWorkspace } from './workspaces.service.ts';

/** The workspaces where the person is an active member, the current one marked. */
export async function listMyWorkspaces(db: Db, auth: AuthContext): Promise<MyWorkspace[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, branch: workspaces.branch, plan: workspaces.plan, createdAt: workspaces.createdAt })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, auth.user.id), eq(memberships.status, 'active')))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({ id: row.id, name: row.name, branch: row.branch, plan: row.plan, current: row.id === auth.workspace.id, created_at: row.createdAt.toISOString() }));
}

/** Creates a workspace on the free plan with the caller as its administrator; the session stays where it is. */
export async function createMyWorkspace(db: Db, auth: AuthContext, body: NewWorkspaceBody, ip: string) {
  return db.transaction(async (tx) => {
    const workspace = await createWorkspace(tx, { name: body.name, branch: body.branch, plan: 'free', ownerId: auth.user.id });
    await recordActivity(
      { workspaceId: workspace.id, actor: { userId: auth.user.id, permissions: new Set(ALL_PERMISSIONS) }, tx },
      { type: 'workspace.created', objectType: 'workspace', objectId: workspace.id, after: { name: workspace.name, branch: workspace.branch }, ip },
    );
    return workspace;
  });
}

/** Moves the caller's session to another workspace where they are an active member (404 otherwise). */
export async function switchWorkspace(db: Db, auth: AuthContext, workspaceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [membership] = await tx
      .select({ id: memberships.workspaceId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, auth.user.id), eq(memberships.status, 'active')));
    if (!membership) throw notFound();
    await tx.update(sessions).set({ currentWorkspaceId: workspaceId }).where(eq(sessions.id, auth.sessionId));
    await tx.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, auth.user.id));
  });
}
