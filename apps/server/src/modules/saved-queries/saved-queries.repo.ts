import { and, asc, eq } from 'drizzle-orm';
import { savedQueries } from '../../db/schema/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

export type SavedQueryRow = typeof savedQueries.$inferSelect;

/** The actor's own query with this id; other people's and other workspaces' are invisible. */
export async function findOwnQuery(ctx: TenantContext, id: string): Promise<SavedQueryRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(savedQueries)
    .where(scoped(ctx, savedQueries, eq(savedQueries.id, id), eq(savedQueries.userId, ctx.actor.userId)))
    .for('update');
  return row ?? null;
}

export async function findOwnQueryByKey(ctx: TenantContext, tableName: string, key: string): Promise<SavedQueryRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(savedQueries)
    .where(
      scoped(
        ctx,
        savedQueries,
        eq(savedQueries.userId, ctx.actor.userId),
        eq(savedQueries.tableName, tableName),
        eq(savedQueries.key, key),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function listOwnQueries(ctx: TenantContext, tableName: string): Promise<SavedQueryRow[]> {
  return ctx.tx
    .select()
    .from(savedQueries)
    .where(scoped(ctx, savedQueries, eq(savedQueries.userId, ctx.actor.userId), eq(savedQueries.tableName, tableName)))
    .orderBy(asc(savedQueries.createdAt), asc(savedQueries.id));
}

export async function insertQuery(
  ctx: TenantContext,
  values: { tableName: string; key: string; name: string; queryString: string },
): Promise<SavedQueryRow> {
  const [row] = await ctx.tx
    .insert(savedQueries)
    .values(stamped(ctx, { ...values, userId: ctx.actor.userId }))
    .returning();
  return row;
}

export async function updateQuery(ctx: TenantContext, id: string, values: { name: string; queryString: string }): Promise<void> {
  await ctx.tx
    .update(savedQueries)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(ctx, savedQueries, and(eq(savedQueries.id, id), eq(savedQueries.userId, ctx.actor.userId))));
}

export async function deleteQuery(ctx: TenantContext, id: string): Promise<void> {
  await ctx.tx.delete(savedQueries).where(scoped(ctx, savedQueries, eq(savedQueries.id, id), eq(savedQueries.userId, ctx.actor.userId)));
}
