import type { CustomFieldValues, DynamicField, GlobalListItem, ListQuery } from '@vigil/contracts';
import { eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { globalListItems } from '../../db/schema/index.ts';
import { listPage, whereMatching, type ListSpec } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

/** Items of one list: the display name and the list's fields in use as `fields.<key>`. */
function itemListSpec(fields: readonly DynamicField[]): ListSpec {
  return {
    columns: {
      display_name: { expr: globalListItems.displayName, type: 'text' },
      /** The search box (and the question's search): the name and every value. */
      search: {
        expr: sql<string>`${globalListItems.displayName} || ' ' || coalesce((select string_agg(v ->> 'value', ' ') from jsonb_each(${globalListItems.fields}) as f(k, v)), '')`,
        type: 'text',
        sortable: false,
      },
      created_at: { expr: globalListItems.createdAt, type: 'date' },
      updated_at: { expr: globalListItems.updatedAt, type: 'date' },
    },
    defaultSort: [{ field: 'display_name', direction: 'asc' }],
    tieBreaker: globalListItems.id,
    customFields: { column: globalListItems.fields, definitions: fields },
  };
}

const itemFields = {
  id: globalListItems.id,
  displayName: globalListItems.displayName,
  fields: globalListItems.fields,
  archivedAt: globalListItems.archivedAt,
  createdAt: globalListItems.createdAt,
  updatedAt: globalListItems.updatedAt,
};
type ItemRow = { id: string; displayName: string; fields: CustomFieldValues; archivedAt: Date | null; createdAt: Date; updatedAt: Date };

function toItem(row: ItemRow): GlobalListItem {
  return {
    item_id: row.id,
    display_name: row.displayName,
    fields: row.fields,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const archivedIs = (archived: boolean) => (archived ? isNotNull(globalListItems.archivedAt) : isNull(globalListItems.archivedAt));

export interface ItemScope {
  listId: string;
  archived: boolean;
  fields: readonly DynamicField[];
}

const scopeBase = (ctx: TenantContext, scope: ItemScope) =>
  scoped(ctx, globalListItems, eq(globalListItems.listId, scope.listId), archivedIs(scope.archived));

export async function listItems(ctx: TenantContext, query: ListQuery, scope: ItemScope) {
  const page = await listPage(
    { tx: ctx.tx, table: globalListItems, base: scopeBase(ctx, scope) },
    itemFields,
    itemListSpec(scope.fields),
    query,
  );
  return { list: page.list.map(toItem), pagination: page.pagination };
}

export async function findItem(ctx: TenantContext, listId: string, itemId: string): Promise<GlobalListItem | undefined> {
  const [row] = await ctx.tx
    .select(itemFields)
    .from(globalListItems)
    .where(scoped(ctx, globalListItems, eq(globalListItems.listId, listId), eq(globalListItems.id, itemId)));
  return row ? toItem(row) : undefined;
}

export async function insertItem(ctx: TenantContext, listId: string, values: { displayName: string; fields: CustomFieldValues }) {
  const [row] = await ctx.tx
    .insert(globalListItems)
    .values(stamped(ctx, { listId, ...values }))
    .returning({ id: globalListItems.id });
  return row.id;
}

export async function updateItem(ctx: TenantContext, itemId: string, values: { displayName: string; fields: CustomFieldValues }) {
  await ctx.tx
    .update(globalListItems)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(ctx, globalListItems, eq(globalListItems.id, itemId)));
}

export async function deleteItem(ctx: TenantContext, itemId: string) {
  await ctx.tx.delete(globalListItems).where(scoped(ctx, globalListItems, eq(globalListItems.id, itemId)));
}

/** Archives (or restores) items of one list not already so: by ids or by the items list's filter. Answers those changed. */
export async function setItemsArchived(
  ctx: TenantContext,
  selection: { ids: string[] } | { filter: ListQuery['filter'] },
  scope: ItemScope,
  archive: boolean,
) {
  const base = scopeBase(ctx, { ...scope, archived: !archive });
  const where: SQL =
    'ids' in selection
      ? scoped(ctx, globalListItems, base, inArray(globalListItems.id, selection.ids))
      : whereMatching(itemListSpec(scope.fields), selection.filter, base);
  return ctx.tx
    .update(globalListItems)
    .set({ archivedAt: archive ? new Date() : null, updatedAt: new Date() })
    .where(where)
    .returning({ id: globalListItems.id, name: globalListItems.displayName });
}
