import { assetTypeFieldsEntity, type AssetType, type ListQuery } from '@vigil/contracts';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { assets, assetTypes, customFields } from '../../db/schema/index.ts';
import { escapeLike, listPage, whereMatching, type ListSpec } from '../../platform/list-query/index.ts';
import { qualified } from '../../platform/db.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

/** The fields in use of each type, counted where its definitions live. */
const fieldsCount = sql<number>`(select count(*)::int from ${customFields}
  where ${customFields.workspaceId} = ${qualified(assetTypes.workspaceId)}
    and ${customFields.entity} = ${assetTypeFieldsEntity('')}::text || ${qualified(assetTypes.id)}::text
    and ${customFields.isUsed} and ${customFields.deletedAt} is null)`;
/** Assets of each type, archived or not: a type with assets cannot be deleted. */
const assetsCount = sql<number>`(select count(*)::int from ${assets}
  where ${assets.workspaceId} = ${qualified(assetTypes.workspaceId)} and ${assets.typeId} = ${qualified(assetTypes.id)})`;

const TYPE_LIST_SPEC: ListSpec = {
  columns: {
    name: { expr: assetTypes.name, type: 'text' },
    fields_count: { expr: fieldsCount, type: 'number', filterable: false },
    assets_count: { expr: assetsCount, type: 'number', filterable: false },
    created_at: { expr: assetTypes.createdAt, type: 'date' },
    updated_at: { expr: assetTypes.updatedAt, type: 'date' },
    archived_at: { expr: assetTypes.archivedAt, type: 'date' },
  },
  defaultSort: [{ field: 'name', direction: 'asc' }],
  tieBreaker: assetTypes.id,
};

const typeFields = {
  id: assetTypes.id,
  name: assetTypes.name,
  fieldsCount,
  assetsCount,
  archivedAt: assetTypes.archivedAt,
  createdAt: assetTypes.createdAt,
  updatedAt: assetTypes.updatedAt,
};
type TypeRow = {
  id: string;
  name: string;
  fieldsCount: number;
  assetsCount: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toAssetType(row: TypeRow): AssetType {
  return {
    id: row.id,
    name: row.name,
    fields_count: Number(row.fieldsCount),
    assets_count: Number(row.assetsCount),
    last_inspection_at: null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const archivedIs = (archived: boolean) => (archived ? isNotNull(assetTypes.archivedAt) : isNull(assetTypes.archivedAt));

export async function listAssetTypes(ctx: TenantContext, query: ListQuery, archived: boolean) {
  const page = await listPage(
    { tx: ctx.tx, table: assetTypes, base: scoped(ctx, assetTypes, archivedIs(archived)) },
    typeFields,
    TYPE_LIST_SPEC,
    query,
  );
  return { list: page.list.map(toAssetType), pagination: page.pagination };
}

export async function findAssetType(ctx: TenantContext, id: string): Promise<AssetType | undefined> {
  const [row] = await ctx.tx
    .select(typeFields)
    .from(assetTypes)
    .where(scoped(ctx, assetTypes, eq(assetTypes.id, id)));
  return row ? toAssetType(row) : undefined;
}

/** Whether the type exists and is archived, without counting its assets (a million of them take 60 ms): what an asset's checks need. */
export async function assetTypeState(ctx: TenantContext, id: string): Promise<{ archived: boolean } | undefined> {
  const [row] = await ctx.tx
    .select({ archived: sql<boolean>`${assetTypes.archivedAt} is not null` })
    .from(assetTypes)
    .where(scoped(ctx, assetTypes, eq(assetTypes.id, id)));
  return row;
}

/** Types in use whose name contains `q`, or the ones named by `ids` (archived ones too, so a form can show what it holds). */
export async function searchAssetTypes(ctx: TenantContext, options: { q?: string; ids?: string[]; limit: number }) {
  const condition = options.ids
    ? inArray(assetTypes.id, options.ids)
    : and(isNull(assetTypes.archivedAt), options.q ? ilike(assetTypes.name, `%${escapeLike(options.q)}%`) : undefined);
  return ctx.tx
    .select({ id: assetTypes.id, name: assetTypes.name })
    .from(assetTypes)
    .where(scoped(ctx, assetTypes, condition))
    .orderBy(asc(assetTypes.name), asc(assetTypes.id))
    .limit(options.limit);
}

export async function isAssetTypeNameTaken(ctx: TenantContext, name: string, exceptId?: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: assetTypes.id })
    .from(assetTypes)
    .where(
      scoped(ctx, assetTypes, sql`lower(${assetTypes.name}) = lower(${name})`, exceptId ? sql`${assetTypes.id} <> ${exceptId}` : undefined),
    );
  return rows.length > 0;
}

export async function insertAssetType(ctx: TenantContext, name: string): Promise<string> {
  const [row] = await ctx.tx.insert(assetTypes).values(stamped(ctx, { name })).returning({ id: assetTypes.id });
  return row.id;
}

export async function updateAssetType(ctx: TenantContext, id: string, name: string) {
  await ctx.tx
    .update(assetTypes)
    .set({ name, updatedAt: new Date() })
    .where(scoped(ctx, assetTypes, eq(assetTypes.id, id)));
}

export async function deleteAssetType(ctx: TenantContext, id: string) {
  await ctx.tx.delete(customFields).where(scoped(ctx, customFields, eq(customFields.entity, assetTypeFieldsEntity(id))));
  await ctx.tx.delete(assetTypes).where(scoped(ctx, assetTypes, eq(assetTypes.id, id)));
}

/**
 * Archives (or restores) the chosen types that are not already so: by ids, or every one matching the
 * filter of the list they were picked from. Answers the ids and names changed.
 */
export async function setAssetTypesArchived(
  ctx: TenantContext,
  selection: { ids?: string[]; filter?: ListQuery['filter'] },
  archive: boolean,
) {
  const base = scoped(ctx, assetTypes, archivedIs(!archive));
  const where: SQL = selection.ids
    ? and(base, inArray(assetTypes.id, selection.ids))!
    : whereMatching(TYPE_LIST_SPEC, selection.filter, base);
  return ctx.tx
    .update(assetTypes)
    .set({ archivedAt: archive ? new Date() : null, updatedAt: new Date() })
    .where(where)
    .returning({ id: assetTypes.id, name: assetTypes.name });
}
