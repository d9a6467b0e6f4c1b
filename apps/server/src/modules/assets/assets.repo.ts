import type { Asset, AssetFieldValues, AssetOption, DynamicField, ListQuery } from '@vigil/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { assets, assetTypes } from '../../db/schema/index.ts';
import { escapeLike, listPage, whereMatching, type ListSpec } from '../../platform/list-query/index.ts';
import { qualified } from '../../platform/db.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

const typeName = sql<string>`(select ${assetTypes.name} from ${assetTypes}
  where ${assetTypes.workspaceId} = ${qualified(assets.workspaceId)} and ${assetTypes.id} = ${qualified(assets.typeId)})`;

/** The search box's text: the asset ID and the name, as the trigram index holds them. */
const searchText = sql<string>`(${assets.assetId} || ' ' || ${assets.displayName})`;

/** The list's columns; with one type chosen, its fields in use join them as `fields.<key>`. */
function assetListSpec(fields: readonly DynamicField[]): ListSpec {
  return {
    columns: {
      asset_id: { expr: assets.assetId, type: 'text' },
      display_name: { expr: assets.displayName, type: 'text' },
      type_name: { expr: typeName, type: 'text' },
      type_id: { expr: assets.typeId, type: 'select', values: 'uuid' },
      /** The search box: the asset ID and the name. */
      search: { expr: searchText, type: 'text', sortable: false },
      created_at: { expr: assets.createdAt, type: 'date' },
      updated_at: { expr: assets.updatedAt, type: 'date' },
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    tieBreaker: assets.id,
    customFields: { column: assets.fields, definitions: fields },
  };
}

const assetFields = {
  id: assets.id,
  assetId: assets.assetId,
  displayName: assets.displayName,
  typeId: assets.typeId,
  typeName,
  fields: assets.fields,
  archivedAt: assets.archivedAt,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};
type AssetRow = {
  id: string;
  assetId: string;
  displayName: string;
  typeId: string;
  typeName: string;
  fields: AssetFieldValues;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    asset_id: row.assetId,
    display_name: row.displayName,
    type_id: row.typeId,
    type_name: row.typeName,
    fields: row.fields,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const archivedIs = (archived: boolean) => (archived ? isNotNull(assets.archivedAt) : isNull(assets.archivedAt));

/** The rows a list (or a bulk action taken on it) works on: in use or archived, of one type or all. */
function listBase(ctx: TenantContext, scope: AssetScope): SQL {
  return scoped(ctx, assets, archivedIs(scope.archived), scope.typeId ? eq(assets.typeId, scope.typeId) : undefined);
}

export interface AssetScope {
  archived: boolean;
  typeId?: string;
  /** The chosen type's fields in use (none without a type). */
  fields: readonly DynamicField[];
}

export async function listAssets(ctx: TenantContext, query: ListQuery, scope: AssetScope) {
  const page = await listPage({ tx: ctx.tx, table: assets, base: listBase(ctx, scope) }, assetFields, assetListSpec(scope.fields), query);
  return { list: page.list.map(toAsset), pagination: page.pagination };
}

export async function findAsset(ctx: TenantContext, id: string): Promise<Asset | undefined> {
  const [row] = await ctx.tx
    .select(assetFields)
    .from(assets)
    .where(scoped(ctx, assets, eq(assets.id, id)));
  return row ? toAsset(row) : undefined;
}

/**
 * Whether an asset matches what was typed: three characters or more anywhere in its ID or name (the
 * trigram index); one or two at the start of either (the prefix indexes), since so short a text is
 * in nearly every name and trigrams cannot look it up.
 */
function matchesTyped(q: string): SQL {
  if (q.length >= 3) return sql`${searchText} ilike ${`%${escapeLike(q)}%`}`;
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  return sql`(lower(${assets.displayName}) like ${prefix} or lower(${assets.assetId}) like ${prefix})`;
}

/** Assets in use matching `q` (see `matchesTyped`), or the ones named by `ids` (archived ones too, to show what a form holds). */
export async function searchAssets(ctx: TenantContext, options: { q?: string; ids?: string[]; typeId?: string; limit: number }) {
  const condition = options.ids
    ? inArray(assets.id, options.ids)
    : and(
        isNull(assets.archivedAt),
        options.typeId ? eq(assets.typeId, options.typeId) : undefined,
        options.q ? matchesTyped(options.q) : undefined,
      );
  const rows = await ctx.tx
    .select(assetFields)
    .from(assets)
    .where(scoped(ctx, assets, condition))
    .orderBy(asc(assets.displayName), asc(assets.id))
    .limit(options.limit);
  return rows.map((row): AssetOption => ({
    id: row.id,
    asset_id: row.assetId,
    display_name: row.displayName,
    type_id: row.typeId,
    type_name: row.typeName,
    fields: row.fields,
  }));
}

export async function isAssetIdTaken(ctx: TenantContext, assetId: string, exceptId?: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: assets.id })
    .from(assets)
    .where(scoped(ctx, assets, sql`lower(${assets.assetId}) = lower(${assetId})`, exceptId ? sql`${assets.id} <> ${exceptId}` : undefined));
  return rows.length > 0;
}

export interface AssetValues {
  assetId: string;
  displayName: string;
  typeId: string;
  fields: AssetFieldValues;
}

export async function insertAsset(ctx: TenantContext, values: AssetValues): Promise<string> {
  const [row] = await ctx.tx.insert(assets).values(stamped(ctx, values)).returning({ id: assets.id });
  return row.id;
}

export async function updateAsset(ctx: TenantContext, id: string, values: AssetValues) {
  await ctx.tx
    .update(assets)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(ctx, assets, eq(assets.id, id)));
}

export async function deleteAsset(ctx: TenantContext, id: string) {
  await ctx.tx.delete(assets).where(scoped(ctx, assets, eq(assets.id, id)));
}

/**
 * Archives (or restores) the chosen assets not already so: by ids, or every one matching the filter
 * of the list they were picked from (same type, same fields). Answers the ids and names changed.
 */
export async function setAssetsArchived(
  ctx: TenantContext,
  selection: { ids: string[] } | { filter: ListQuery['filter']; scope: AssetScope },
  archive: boolean,
) {
  const where: SQL =
    'ids' in selection
      ? scoped(ctx, assets, archivedIs(!archive), inArray(assets.id, selection.ids))
      : whereMatching(assetListSpec(selection.scope.fields), selection.filter, listBase(ctx, { ...selection.scope, archived: !archive }));
  return ctx.tx
    .update(assets)
    .set({ archivedAt: archive ? new Date() : null, updatedAt: new Date() })
    .where(where)
    .returning({ id: assets.id, name: assets.displayName });
}

/**
 * For another module's query: whether the asset its `assetColumn` names (in the row's workspace,
 * `workspaceColumn`) is in use and, given `q`, has `q` in its ID or name. The assets table stays
 * this module's: the caller gets a condition, not the table.
 */
export function assetInUse(workspaceColumn: AnyPgColumn, assetColumn: AnyPgColumn, q?: string): SQL {
  const matching = q
    ? sql` and (${assets.assetId} ilike ${`%${escapeLike(q)}%`} or ${assets.displayName} ilike ${`%${escapeLike(q)}%`})`
    : sql``;
  return sql`exists (select 1 from ${assets} where ${assets.workspaceId} = ${qualified(workspaceColumn)} and ${assets.id} = ${qualified(assetColumn)}
    and ${assets.archivedAt} is null${matching})`;
}

/** The assets named, with whether they are archived; ids of another workspace are not found. */
export async function assetsByIds(ctx: TenantContext, ids: readonly string[]) {
  if (!ids.length) return [];
  return ctx.tx
    .select({
      id: assets.id,
      asset_id: assets.assetId,
      display_name: assets.displayName,
      archived: sql<boolean>`${assets.archivedAt} is not null`,
    })
    .from(assets)
    .where(scoped(ctx, assets, inArray(assets.id, [...ids])));
}

/**
 * The assets a label sheet prints, by asset ID, at most `limit` of them: the ids named (archived ones
 * too; another workspace's are not found) or the ones in use matching the list's filter.
 */
export async function labelAssets(
  ctx: TenantContext,
  selection: { ids: string[] } | { filter: ListQuery['filter']; scope: AssetScope },
  limit: number,
) {
  if ('ids' in selection && !selection.ids.length) return [];
  const where: SQL =
    'ids' in selection
      ? scoped(ctx, assets, inArray(assets.id, selection.ids))
      : whereMatching(assetListSpec(selection.scope.fields), selection.filter, listBase(ctx, selection.scope));
  return ctx.tx
    .select({ id: assets.id, asset_id: assets.assetId, display_name: assets.displayName })
    .from(assets)
    .where(where)
    .orderBy(asc(assets.assetId), asc(assets.id))
    .limit(limit);
}
