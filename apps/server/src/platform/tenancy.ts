import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { preparedStatement, type Db, type Executor, type Preparable } from './db.ts';
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

const WORKSPACE = sql.placeholder('workspaceId');

/** `scoped` for a prepared statement (`tenantStatement`): the workspace is a placeholder the context fills. */
export function scopedStatement(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.workspaceId, WORKSPACE), ...conditions) as SQL;
}

/**
 * A repo statement built and prepared once (`preparedStatement`) for the hot paths, scoped with
 * `scopedStatement`: it runs with the workspace of the context it is given, never another.
 */
export function tenantStatement<Result, Values extends Record<string, unknown>>(
  name: string,
  build: (executor: Executor) => Preparable<Result>,
): (ctx: TenantContext, values: Values) => Promise<Result> {
  const run = preparedStatement<Result, Values & { workspaceId: string }>(name, build);
  return (ctx, values) => run(ctx.tx, { ...values, workspaceId: ctx.workspaceId });
}

/** Values for an insert into a tenant table, stamped with the context's workspace. */
export function stamped<T extends object>(ctx: TenantContext, values: T): T & { workspaceId: string } {
  return { ...values, workspaceId: ctx.workspaceId };
}

/** Runs `work` in one transaction for the signed-in caller's workspace: for anything that writes. */
export function inWorkspace<T>(db: Db, auth: AuthContext, work: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return db.transaction((tx) =>
    work({ workspaceId: auth.workspace.id, actor: { userId: auth.user.id, permissions: auth.permissions }, tx }),
  );
}

/**
 * Runs a read for the signed-in caller's workspace outside a transaction: a transaction adds two
 * round trips (BEGIN, COMMIT) and, on the embedded database's single connection, makes every other
 * request wait for it. At READ COMMITTED, PostgreSQL's default, statements in a transaction see no
 * more consistent a picture than statements outside one. Only for work that writes nothing.
 */
export function readWorkspace<T>(db: Db, auth: AuthContext, work: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return work({ workspaceId: auth.workspace.id, actor: { userId: auth.user.id, permissions: auth.permissions }, tx: db });
}
