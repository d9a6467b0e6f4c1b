import type { CasSettings } from '@vigil/contracts';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { memberships, samlConfigs, ssoIdentities, ssoNonces, users, workspaces, type SsoNonceKind } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

export type SamlConfigRow = typeof samlConfigs.$inferSelect;
export type SamlConfigValues = Omit<typeof samlConfigs.$inferInsert, 'workspaceId' | 'createdAt' | 'updatedAt'>;

export async function findSamlConfig(ctx: TenantContext): Promise<SamlConfigRow | undefined> {
  const [row] = await ctx.tx.select().from(samlConfigs).where(scoped(ctx, samlConfigs)).limit(1);
  return row;
}

export async function upsertSamlConfig(ctx: TenantContext, values: SamlConfigValues): Promise<void> {
  await ctx.tx
    .insert(samlConfigs)
    .values(stamped(ctx, values))
    .onConflictDoUpdate({ target: [samlConfigs.workspaceId], set: { ...values, updatedAt: new Date() } });
}

export async function findWorkspace(executor: Executor, workspaceId: string) {
  const [row] = await executor.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row;
}

/** Writes the CAS keys of the workspace's app settings, leaving the other settings as they are. */
export async function updateCasSettings(ctx: TenantContext, cas: CasSettings): Promise<void> {
  await ctx.tx
    .update(workspaces)
    .set({ appSettings: sql`${workspaces.appSettings} || ${JSON.stringify(cas)}::jsonb`, updatedAt: new Date() })
    .where(eq(workspaces.id, ctx.workspaceId));
}

/** An active member of the workspace, by the IdP user id linked before. */
export async function findMemberByIdentity(ctx: TenantContext, idpUserId: string) {
  const [row] = await ctx.tx
    .select({ userId: ssoIdentities.userId, status: memberships.status })
    .from(ssoIdentities)
    .innerJoin(memberships, and(eq(memberships.workspaceId, ssoIdentities.workspaceId), eq(memberships.userId, ssoIdentities.userId)))
    .where(scoped(ctx, ssoIdentities, eq(ssoIdentities.idpUserId, idpUserId)))
    .limit(1);
  return row;
}

/** A member of the workspace (whatever the status) by e-mail. */
export async function findMemberByEmail(ctx: TenantContext, email: string) {
  const [row] = await ctx.tx
    .select({ userId: memberships.userId, status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scoped(ctx, memberships, eq(users.email, email.toLowerCase())))
    .limit(1);
  return row;
}

export async function linkIdentity(ctx: TenantContext, idpUserId: string, userId: string): Promise<void> {
  await ctx.tx.insert(ssoIdentities).values(stamped(ctx, { idpUserId, userId })).onConflictDoNothing();
}

export interface NewNonce {
  kind: SsoNonceKind;
  value: string;
  expiresAt: Date;
  userId?: string | null;
  binding?: string | null;
}

/** Stores a single-use value; false when it is already there (a replay). Expired values are swept on the way. */
export async function insertNonce(ctx: TenantContext, nonce: NewNonce): Promise<boolean> {
  await ctx.tx.delete(ssoNonces).where(scoped(ctx, ssoNonces, lt(ssoNonces.expiresAt, new Date())));
  const inserted = await ctx.tx
    .insert(ssoNonces)
    .values(stamped(ctx, { ...nonce, userId: nonce.userId ?? null, binding: nonce.binding ?? null }))
    .onConflictDoNothing()
    .returning({ value: ssoNonces.value });
  return inserted.length === 1;
}

export async function findNonce(ctx: TenantContext, kind: SsoNonceKind, value: string) {
  const [row] = await ctx.tx
    .select()
    .from(ssoNonces)
    .where(scoped(ctx, ssoNonces, eq(ssoNonces.kind, kind), eq(ssoNonces.value, value), gt(ssoNonces.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** Removes and returns a live single-use value: of two concurrent callers only one gets it. */
export async function takeNonce(ctx: TenantContext, kind: SsoNonceKind, value: string) {
  const [row] = await ctx.tx
    .delete(ssoNonces)
    .where(scoped(ctx, ssoNonces, eq(ssoNonces.kind, kind), eq(ssoNonces.value, value), gt(ssoNonces.expiresAt, new Date())))
    .returning();
  return row;
}

/**
 * A person's active workspaces, oldest membership first, with whether each requires
 * single sign-on. Sign-in is the one place that looks across a person's workspaces.
 */
export async function activeWorkspacesWithSsoRule(executor: Executor, userId: string) {
  return executor
    .select({ workspace: workspaces, ssoOnly: sql<boolean>`coalesce(${samlConfigs.enabled} and ${samlConfigs.ssoOnly}, false)` })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .leftJoin(samlConfigs, eq(samlConfigs.workspaceId, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt));
}
