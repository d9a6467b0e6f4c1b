import {
  globalListFieldsEntity,
  type BulkSelection,
  type CustomFieldsSave,
  type GlobalListDetail,
  type GlobalListOption,
  type GlobalListItemBody,
  type ListQuery,
} from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { globalListItems } from '../../db/schema/index.ts';
import { recordActivity, recordEachOrCount } from '../../platform/activity-log/index.ts';
import {
  acceptedCustomValues,
  deleteUnusedFieldAndValues,
  dynamicFieldsOf,
  findFieldOf,
  listCustomFields,
  saveFieldDefinitions,
  toCustomField,
  usedCustomFields,
  type FieldValuesStore,
} from '../../platform/custom-fields/index.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import {
  deleteGlobalList,
  findGlobalList,
  globalListsInUse,
  insertGlobalList,
  isGlobalListNameTaken,
  setGlobalListsArchived,
  updateGlobalList,
} from './global-lists.repo.ts';
import { deleteItem, findItem, insertItem, listItems, setItemsArchived, updateItem, type ItemScope } from './items.repo.ts';

const LIST_FIELDS_PREFIX = globalListFieldsEntity('');
/** A list's field values live on its items. */
const ITEM_VALUES: FieldValuesStore = {
  table: globalListItems,
  column: globalListItems.fields,
  owner: globalListItems.listId,
  archivedAt: globalListItems.archivedAt,
};
const archivedList = () => new AppError(409, '_CONFLICT', 'global_lists.archived');
const archivedItem = () => new AppError(409, '_CONFLICT', 'global_lists.item_archived');

export async function globalListDetail(ctx: TenantContext, id: string): Promise<GlobalListDetail> {
  const list = await findGlobalList(ctx, id);
  if (!list) throw notFound();
  return { ...list, fields: (await listCustomFields(ctx, globalListFieldsEntity(id))).map(toCustomField) };
}

/** A list whose items may change: it exists and is in use. */
async function listInUse(ctx: TenantContext, id: string) {
  const list = await globalListDetail(ctx, id);
  if (list.archived_at) throw archivedList();
  return list;
}

/** Every list in use for a question to choose, with its fields in use when asked. */
export async function globalListOptions(ctx: TenantContext, withFields: boolean): Promise<GlobalListOption[]> {
  const lists = await globalListsInUse(ctx);
  if (!withFields) return lists;
  return Promise.all(lists.map(async (list) => ({ ...list, fields: await usedCustomFields(ctx, globalListFieldsEntity(list.uuid)) })));
}

async function assertNameFree(ctx: TenantContext, name: string, exceptId?: string) {
  if (await isGlobalListNameTaken(ctx, name, exceptId)) throw validationFailed({ name: [message('global_lists.name_taken')] });
}

export async function createGlobalList(ctx: TenantContext, body: { name: string } & CustomFieldsSave, ip: string) {
  await assertNameFree(ctx, body.name);
  const id = await insertGlobalList(ctx, body.name);
  await saveFieldDefinitions(ctx, globalListFieldsEntity(id), body, ITEM_VALUES);
  await recordActivity(ctx, { type: 'global_list.created', objectType: 'global_list', objectId: id, after: { name: body.name }, ip });
  return globalListDetail(ctx, id);
}

export async function editGlobalList(ctx: TenantContext, id: string, body: { name: string } & CustomFieldsSave, ip: string) {
  const before = await listInUse(ctx, id);
  await assertNameFree(ctx, body.name, id);
  await updateGlobalList(ctx, id, body.name);
  await saveFieldDefinitions(ctx, globalListFieldsEntity(id), body, ITEM_VALUES);
  const after = await globalListDetail(ctx, id);
  const usedNames = (list: GlobalListDetail) => list.fields.filter((field) => field.is_used).map((field) => field.name);
  await recordActivity(ctx, {
    type: 'global_list.updated',
    objectType: 'global_list',
    objectId: id,
    before: { name: before.name, fields: usedNames(before) },
    after: { name: after.name, fields: usedNames(after) },
    ip,
  });
  return after;
}

export async function setListsArchived(ctx: TenantContext, selection: BulkSelection, archive: boolean, ip: string) {
  const changed = await setGlobalListsArchived(ctx, 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter }, archive);
  await recordEachOrCount(ctx, changed, { type: archive ? 'global_list.archived' : 'global_list.restored', objectType: 'global_list', ip });
  return { count: changed.length };
}

export async function restoreGlobalList(ctx: TenantContext, id: string, ip: string) {
  if ((await globalListDetail(ctx, id)).archived_at) await setListsArchived(ctx, { ids: [id] }, false, ip);
  return globalListDetail(ctx, id);
}

/** Deletes a list, its items and its fields for good. */
export async function removeGlobalList(ctx: TenantContext, id: string, ip: string) {
  const list = await globalListDetail(ctx, id);
  await deleteGlobalList(ctx, id, globalListFieldsEntity(id));
  await recordActivity(ctx, {
    type: 'global_list.deleted',
    objectType: 'global_list',
    objectId: id,
    objectName: list.name,
    before: { name: list.name },
    ip,
  });
}

/** Deletes an unused field of a list for good, and its values on the list's items. */
export async function removeUnusedListField(ctx: TenantContext, listId: string, fieldId: string) {
  const field = await findFieldOf(ctx, LIST_FIELDS_PREFIX, fieldId);
  if (field?.owner !== listId) throw notFound();
  await listInUse(ctx, listId);
  await deleteUnusedFieldAndValues(ctx, field, ITEM_VALUES, eq(globalListItems.listId, listId));
}

// Items

async function itemScope(ctx: TenantContext, listId: string, archived: boolean): Promise<ItemScope> {
  await globalListDetail(ctx, listId);
  return { listId, archived, fields: await dynamicFieldsOf(ctx, globalListFieldsEntity(listId)) };
}

export async function itemList(ctx: TenantContext, listId: string, query: ListQuery, archived: boolean) {
  const scope = await itemScope(ctx, listId, archived);
  return { ...(await listItems(ctx, query, scope)), fields: [...scope.fields] };
}

async function itemOrNotFound(ctx: TenantContext, listId: string, itemId: string) {
  const item = await findItem(ctx, listId, itemId);
  if (!item) throw notFound();
  return item;
}

export async function createItem(ctx: TenantContext, listId: string, body: Required<GlobalListItemBody>, ip: string) {
  await listInUse(ctx, listId);
  const fields = await acceptedCustomValues(ctx, globalListFieldsEntity(listId), body.fields);
  const id = await insertItem(ctx, listId, { displayName: body.display_name, fields });
  await recordActivity(ctx, {
    type: 'global_list_item.created',
    objectType: 'global_list_item',
    objectId: id,
    after: { display_name: body.display_name },
    ip,
  });
  return itemOrNotFound(ctx, listId, id);
}

export async function editItem(ctx: TenantContext, listId: string, itemId: string, body: Required<GlobalListItemBody>, ip: string) {
  const before = await itemOrNotFound(ctx, listId, itemId);
  if (before.archived_at) throw archivedItem();
  await listInUse(ctx, listId);
  const fields = await acceptedCustomValues(ctx, globalListFieldsEntity(listId), body.fields);
  await updateItem(ctx, itemId, { displayName: body.display_name, fields });
  const after = await itemOrNotFound(ctx, listId, itemId);
  await recordActivity(ctx, {
    type: 'global_list_item.updated',
    objectType: 'global_list_item',
    objectId: itemId,
    before: { display_name: before.display_name, fields: before.fields },
    after: { display_name: after.display_name, fields: after.fields },
    ip,
  });
  return after;
}

export async function setListItemsArchived(ctx: TenantContext, listId: string, selection: BulkSelection, archive: boolean, ip: string) {
  const scope = await itemScope(ctx, listId, !archive);
  const changed = await setItemsArchived(ctx, 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter }, scope, archive);
  await recordEachOrCount(ctx, changed, {
    type: archive ? 'global_list_item.archived' : 'global_list_item.restored',
    objectType: 'global_list_item',
    ip,
  });
  return { count: changed.length };
}

export async function restoreItem(ctx: TenantContext, listId: string, itemId: string, ip: string) {
  if ((await itemOrNotFound(ctx, listId, itemId)).archived_at) await setListItemsArchived(ctx, listId, { ids: [itemId] }, false, ip);
  return itemOrNotFound(ctx, listId, itemId);
}

export async function removeItem(ctx: TenantContext, listId: string, itemId: string, ip: string) {
  const item = await itemOrNotFound(ctx, listId, itemId);
  await deleteItem(ctx, itemId);
  await recordActivity(ctx, {
    type: 'global_list_item.deleted',
    objectType: 'global_list_item',
    objectId: itemId,
    objectName: item.display_name,
    before: { display_name: item.display_name },
    ip,
  });
}
