import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { checklistRatingSettings, customUnits, globalResponses, type GlobalResponseOptionRow } from '../../db/schema/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

export type GlobalResponseRow = typeof globalResponses.$inferSelect;
export type CustomUnitRow = typeof customUnits.$inferSelect;
export type RatingSettingsRow = typeof checklistRatingSettings.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string): boolean => UUID.test(value);

// Global responses --------------------------------------------------------------------------------

export async function listGlobalResponses(
  ctx: TenantContext,
  page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: GlobalResponseRow[]; total: number }> {
  const where = scoped(ctx, globalResponses, page.where);
  const rows = await ctx.tx
    .select()
    .from(globalResponses)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await ctx.tx
    .select({ total: sql<number>`count(*)` })
    .from(globalResponses)
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findGlobalResponse(ctx: TenantContext, id: string, lock = false): Promise<GlobalResponseRow | null> {
  if (!isUuid(id)) return null;
  const query = ctx.tx
    .select()
    .from(globalResponses)
    .where(scoped(ctx, globalResponses, eq(globalResponses.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The set holding the option with this uuid (option uuids are unique within a workspace's sets in practice). */
export async function findGlobalResponseByOption(ctx: TenantContext, optionUuid: string): Promise<GlobalResponseRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(globalResponses)
    .where(scoped(ctx, globalResponses, sql`${globalResponses.options} @> ${JSON.stringify([{ uuid: optionUuid }])}::jsonb`))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertGlobalResponse(
  ctx: TenantContext,
  values: { name: string; options: GlobalResponseOptionRow[] },
): Promise<GlobalResponseRow> {
  const [row] = await ctx.tx.insert(globalResponses).values(stamped(ctx, values)).returning();
  return row;
}

export async function updateGlobalResponse(
  ctx: TenantContext,
  id: string,
  values: Partial<{ name: string; options: GlobalResponseOptionRow[]; optionsLang: Record<string, GlobalResponseOptionRow[]> }>,
): Promise<GlobalResponseRow | null> {
  const [row] = await ctx.tx
    .update(globalResponses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scoped(ctx, globalResponses, eq(globalResponses.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteGlobalResponse(ctx: TenantContext, id: string): Promise<{ name: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.tx
    .delete(globalResponses)
    .where(scoped(ctx, globalResponses, eq(globalResponses.id, id)))
    .returning({ name: globalResponses.name });
  return row ?? null;
}

// Custom units ------------------------------------------------------------------------------------

export function listCustomUnits(ctx: TenantContext): Promise<CustomUnitRow[]> {
  return ctx.tx
    .select()
    .from(customUnits)
    .where(scoped(ctx, customUnits))
    .orderBy(asc(sql`lower(${customUnits.name})`), asc(customUnits.id));
}

/** Null when the workspace already has a unit of that name. */
export async function insertCustomUnit(ctx: TenantContext, values: { name: string; symbol: string }): Promise<CustomUnitRow | null> {
  const [row] = await ctx.tx
    .insert(customUnits)
    .values(stamped(ctx, values))
    .onConflictDoNothing({ target: [customUnits.workspaceId, customUnits.name] })
    .returning();
  return row ?? null;
}

// Rating settings ---------------------------------------------------------------------------------

export async function findRatingSettings(ctx: TenantContext): Promise<RatingSettingsRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(checklistRatingSettings)
    .where(scoped(ctx, checklistRatingSettings))
    .orderBy(asc(checklistRatingSettings.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findRatingSettingsById(ctx: TenantContext, id: string): Promise<RatingSettingsRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.tx
    .select()
    .from(checklistRatingSettings)
    .where(scoped(ctx, checklistRatingSettings, eq(checklistRatingSettings.id, id)));
  return row ?? null;
}

type RatingValues = { rating: Record<string, string>; order: number[]; icons?: unknown[] };

export async function insertRatingSettings(ctx: TenantContext, values: RatingValues): Promise<RatingSettingsRow> {
  const [row] = await ctx.tx.insert(checklistRatingSettings).values(stamped(ctx, values)).returning();
  return row;
}

export async function updateRatingSettings(ctx: TenantContext, id: string, values: RatingValues): Promise<RatingSettingsRow | null> {
  const [row] = await ctx.tx
    .update(checklistRatingSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scoped(ctx, checklistRatingSettings, eq(checklistRatingSettings.id, id)))
    .returning();
  return row ?? null;
}
