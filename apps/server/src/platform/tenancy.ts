import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './db.ts';
import type { AuthContext } from './auth/sessions.ts';

export interface Actor {
  userId: string;
  permissions: ReadonlySet<string>;
}

/** What every repo function receives: the workspace, who acts, and the transaction to act in. */
export interface TenantContext {
  workspaceId: string;
  actor: Actor;
  tx: Executor;
}

/** A tenant table: one whose rows belong to a workspace through a leading workspace_id. */
export type TenantTable = PgTable & { workspaceId: PgColumn };

/**
 * The only way repos filter tenant tables: the workspace condition is always there,
 * other conditions are added to it.
 */
export function scoped(ctx: TenantContext, table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.workspaceId, ctx.workspaceId), ...conditions) as SQL;
}

/** Values for an insert into a tenant table, stamped with the context's workspace. */
export function stamped<T extends object>(ctx: TenantContext, values: T): T & { workspaceId: string } {
  return { ...values, workspaceId: ctx.workspaceId };
}

/** Runs `work` in one transaction for the signed-in caller's workspace. */
export function inWorkspace<T>(db: Db, auth: AuthContext, work: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return db.transaction((tx) =>
    work({ workspaceId: auth.workspace.id, actor: { userId: auth.user.id, permissions: auth.permissions }, tx }),
  );
}
