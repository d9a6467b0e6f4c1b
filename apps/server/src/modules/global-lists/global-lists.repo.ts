import { globalListFieldsEntity, type GlobalList, type ListQuery } from '@vigil/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { customFields, globalListItems, globalLists } from '../../db/schema/index.ts';
import { qualified } from '../../platform/db.ts';
import { listPage, whereMatching, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

/** The fields in use of each list. */
const fieldsCount = sql<number>`(select count(*)::int from ${customFields}
  where ${customFields.workspaceId} = ${qualified(globalLists.workspaceId)}
    and ${customFields.entity} = ${globalListFieldsEntity('')}::text || ${qualified(globalLists.id)}::text
    and ${customFields.isUsed} and ${customFields.deletedAt} is null)`;
const itemsCount = sql<number>`(select count(*)::int from ${globalListItems}
  where ${globalListItems.workspaceId} = ${qualified(globalLists.workspaceId)} and ${globalListItems.listId} = ${qualified(globalLists.id)}
    and ${globalListItems.archivedAt} is null)`;

const LIST_SPEC: ListSpec = {
  columns: {
    name: { expr: globalLists.name, type: 'text' },
    id: { expr: globalLists.number, type: 'number' },
    fields_count: { expr: fieldsCount, type: 'number', filterable: false },
    items_count: { expr: itemsCount, type: 'number', filterable: false },
    created_at: { expr: globalLists.createdAt, type: 'date' },
    updated_at: { expr: globalLists.updatedAt, type: 'date' },
  },
  defaultSort: [{ field: 'name', direction: 'asc' }],
  tieBreaker: globalLists.id,
};

const listFields = {
  id: globalLists.id,
  number: globalLists.number,
  name: globalLists.name,
  fieldsCount,
  itemsCount,
  archivedAt: globalLists.archivedAt,
  createdAt: globalLists.createdAt,
  updatedAt: globalLists.updatedAt,
};
type ListRow = {
  id: string;
  number: number;
  name: string;
  fieldsCount: number;
  itemsCount: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toGlobalList(row: ListRow): GlobalList {
  return {
    uuid: row.id,
    id: row.number,
    name: row.name,
    fields_count: Number(row.fieldsCount),
    items_count: Number(row.itemsCount),
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const archivedIs = (archived: boolean) => (archived ? isNotNull(globalLists.archivedAt) : isNull(globalLists.archivedAt));

export async function listGlobalLists(ctx: TenantContext, query: ListQuery, archived: boolean) {
  const page = await listPage(
    { tx: ctx.tx, table: globalLists, base: scoped(ctx, globalLists, archivedIs(archived)) },
    listFields,
    LIST_SPEC,
    query,
  );
  return { list: page.list.map(toGlobalList), pagination: page.pagination };
}

export async function findGlobalList(ctx: TenantContext, id: string): Promise<GlobalList | undefined> {
  const [row] = await ctx.tx
    .select(listFields)
    .from(globalLists)
    .where(scoped(ctx, globalLists, eq(globalLists.id, id)));
  return row ? toGlobalList(row) : undefined;
}

/** Every list in use, by name. */
export async function globalListsInUse(ctx: TenantContext) {
  return ctx.tx
    .select({ uuid: globalLists.id, id: globalLists.number, name: globalLists.name })
    .from(globalLists)
    .where(scoped(ctx, globalLists, isNull(globalLists.archivedAt)))
    .orderBy(asc(globalLists.name), asc(globalLists.id));
}

export async function isGlobalListNameTaken(ctx: TenantContext, name: string, exceptId?: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: globalLists.id })
    .from(globalLists)
    .where(
      scoped(
        ctx,
        globalLists,
        sql`lower(${globalLists.name}) = lower(${name})`,
        exceptId ? sql`${globalLists.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

/** A new list takes the next number of the workspace; two at once collide on the unique index and one is refused. */
export async function insertGlobalList(ctx: TenantContext, name: string): Promise<string> {
  const [row] = await ctx.tx
    .insert(globalLists)
    .values(
      stamped(ctx, {
        name,
        number: sql`(select coalesce(max(${globalLists.number}), 0) + 1 from ${globalLists} where ${globalLists.workspaceId} = ${ctx.workspaceId})`,
      }),
    )
    .returning({ id: globalLists.id });
  return row.id;
}

export async function updateGlobalList(ctx: TenantContext, id: string, name: string) {
  await ctx.tx
    .update(globalLists)
    .set({ name, updatedAt: new Date() })
    .where(scoped(ctx, globalLists, eq(globalLists.id, id)));
}

export async function deleteGlobalList(ctx: TenantContext, id: string, entity: string) {
  await ctx.tx.delete(customFields).where(scoped(ctx, customFields, eq(customFields.entity, entity)));
  await ctx.tx.delete(globalLists).where(scoped(ctx, globalLists, eq(globalLists.id, id)));
}

/** Archives (or restores) the chosen lists not already so: by ids or by the list's filter. Answers those changed. */
export async function setGlobalListsArchived(
  ctx: TenantContext,
  selection: { ids: string[] } | { filter: ListQuery['filter'] },
  archive: boolean,
) {
  const base = scoped(ctx, globalLists, archivedIs(!archive));
  const where: SQL =
    'ids' in selection ? and(base, inArray(globalLists.id, selection.ids))! : whereMatching(LIST_SPEC, selection.filter, base);
  return ctx.tx
    .update(globalLists)
    .set({ archivedAt: archive ? new Date() : null, updatedAt: new Date() })
    .where(where)
    .returning({ id: globalLists.id, name: globalLists.name });
}
