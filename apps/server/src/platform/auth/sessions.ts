import { featuresOfPlan, SESSION_COOKIE, type Plan, type PlanFeature } from '@vigil/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memberRoles, memberships, roles, sessions, users, workspaces } from '../../db/schema/index.ts';
import type { Db, Executor } from '../db.ts';
import { randomToken, sha256 } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;

/** Who is calling: the signed-in user in their current workspace. */
export interface AuthContext {
  sessionId: string;
  /** The workspace whose single sign-on opened the session; null after a password sign-in. */
  ssoWorkspaceId: string | null;
  user: UserRow;
  workspace: WorkspaceRow;
  permissions: ReadonlySet<string>;
  features: Record<PlanFeature, boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** The plan in force: a running trial of a higher plan wins over the paid one. */
export function effectivePlan(workspace: WorkspaceRow, now = new Date()): Plan {
  return workspace.trialPlan && workspace.trialEndsAt && workspace.trialEndsAt > now ? workspace.trialPlan : workspace.plan;
}

const featuresByPlan = new Map<Plan, Record<PlanFeature, boolean>>();

/** The features of a plan, worked out once per plan rather than on every request. */
function planFeatures(plan: Plan): Record<PlanFeature, boolean> {
  let features = featuresByPlan.get(plan);
  if (!features) {
    features = Object.freeze(featuresOfPlan(plan));
    featuresByPlan.set(plan, features);
  }
  return features;
}

export function createSessionStore(db: Db, policy: SessionPolicy) {
  const idleMs = policy.idleMinutes * 60_000;
  // Renew last_seen_at at most once a minute, and well within the idle window when it is short.
  const touchAfterMs = Math.min(60_000, idleMs / 4);

  // Built once and prepared once per connection: building this 36-column statement with Drizzle on
  // every request was about a quarter of a request's CPU (issue 12.10).
  const lookup = db
    .select({
      session: sessions,
      user: users,
      workspace: workspaces,
      permissions: sql<string[] | null>`(
        select array_agg(distinct p) from ${memberRoles}
        join ${roles} on ${roles.workspaceId} = ${memberRoles.workspaceId} and ${roles.id} = ${memberRoles.roleId}
        cross join unnest(${roles.permissions}) as p
        where ${memberRoles.workspaceId} = ${workspaces.id} and ${memberRoles.userId} = ${users.id}
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.currentWorkspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, users.id), eq(memberships.status, 'active')),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');

  async function resolve(token: string): Promise<AuthContext | null> {
    const id = sha256(token);
    const now = new Date();
    const [row] = await lookup.execute({ id, now: now.toISOString(), idleSince: new Date(now.getTime() - idleMs).toISOString() });
    if (!row) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > touchAfterMs) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    }
    return {
      sessionId: id,
      ssoWorkspaceId: row.session.ssoWorkspaceId,
      user: row.user,
      workspace: row.workspace,
      permissions: new Set(row.permissions ?? []),
      features: planFeatures(effectivePlan(row.workspace, now)),
    };
  }

  return {
    /** The caller of a session token, or null when it is unknown, idle too long or expired. */
    authenticate: resolve,

    /** Creates a session with a fresh token (never one the client sent). */
    async create(executor: Executor, input: NewSession): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + policy.absoluteHours * 3_600_000);
      await executor.insert(sessions).values({
        id: sha256(token),
        userId: input.userId,
        currentWorkspaceId: input.workspaceId,
        ssoWorkspaceId: input.ssoWorkspaceId ?? null,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512),
        expiresAt,
      });
      return { token, expiresAt };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sha256(token)));
    },
  };
}

export interface NewSession {
  userId: string;
  workspaceId: string;
  ip: string;
  userAgent: string | undefined;
  /** Set when the workspace's single sign-on, not a password, proved who this is. */
  ssoWorkspaceId?: string;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date }, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: session.expiresAt });
  reply.bindXsrfToSession(session.token);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.bindXsrfToSession(undefined);
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Points a session at another workspace (the caller has checked the membership). */
export async function moveSessionToWorkspace(executor: Executor, sessionId: string, workspaceId: string): Promise<void> {
  await executor.update(sessions).set({ currentWorkspaceId: workspaceId }).where(eq(sessions.id, sessionId));
}
