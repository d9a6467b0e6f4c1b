import { z } from 'zod';
import { CustomFieldsSaveSchema, CustomFieldValuesSchema, SavedCustomFieldSchema } from './custom-fields.ts';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { BulkResultSchema, BulkSelectionSchema, DynamicFieldSchema, ListQuerySchema } from './list.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

/** Global lists and their items (spec 3 §2 "Resources", §3, §4 "Archive lifecycle", §7 "Global lists"). */
export const GLOBAL_LIST_NAME_MAX = 125;
export const GLOBAL_LIST_ITEM_NAME_MAX = 255;
/** Saved-query table names of the four lists. */
export const GLOBAL_LIST_TABLES = {
  lists: 'global_lists',
  listsArchive: 'global_lists_archive',
  items: 'global_list_items',
  itemsArchive: 'global_list_items_archive',
} as const;
/** The custom-field entity of a global list's fields (`custom_fields.entity`). */
export const globalListFieldsEntity = (listId: string) => `global_list:${listId}`;

const ListParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const ItemParamsSchema = ListParamsSchema.extend({ itemId: z.uuid({ error: 'validation.invalid' }) });
const FieldParamsSchema = ListParamsSchema.extend({ fieldId: z.uuid({ error: 'validation.invalid' }) });

export const GlobalListSchema = z.object({
  /** The list's address (screens, calls, `global_list_uuid` in a checklist). */
  uuid: z.string(),
  /** Its number in the workspace (`global_list_id` in a checklist). */
  id: z.number().int(),
  name: z.string(),
  fields_count: z.number().int(),
  items_count: z.number().int(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GlobalList = z.infer<typeof GlobalListSchema>;
export const GlobalListListSchema = listOf(GlobalListSchema).extend(SavedQueriesBlockSchema.partial().shape);
export type GlobalListList = z.infer<typeof GlobalListListSchema>;

/** One list with every field definition, used and unused, used ones first in their order. */
export const GlobalListDetailSchema = GlobalListSchema.extend({ fields: z.array(SavedCustomFieldSchema) });
export type GlobalListDetail = z.infer<typeof GlobalListDetailSchema>;

export const GlobalListBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(GLOBAL_LIST_NAME_MAX),
  fields: CustomFieldsSaveSchema.shape.fields.default([]),
  order: CustomFieldsSaveSchema.shape.order.default({}),
});
export type GlobalListBody = z.input<typeof GlobalListBodySchema>;

export const GlobalListAllQuerySchema = z.object({ with_fields: z.enum(['0', '1']).optional() });

/** `GET /api/resources/global-lists/all`: every list in use, with its fields in use when asked. */
export const GlobalListOptionSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  name: z.string(),
  fields: z.array(SavedCustomFieldSchema).optional(),
});
export type GlobalListOption = z.infer<typeof GlobalListOptionSchema>;

export const GlobalListItemSchema = z.object({
  item_id: z.string(),
  display_name: z.string(),
  fields: CustomFieldValuesSchema,
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GlobalListItem = z.infer<typeof GlobalListItemSchema>;
export const GlobalListItemListSchema = listOf(GlobalListItemSchema)
  .extend(SavedQueriesBlockSchema.partial().shape)
  .extend({
    /** The list's fields in use: the table's dynamic columns and filters. */
    fields: z.array(DynamicFieldSchema),
  });
export type GlobalListItemList = z.infer<typeof GlobalListItemListSchema>;

export const GlobalListItemBodySchema = z.strictObject({
  display_name: z.string().trim().min(1).max(GLOBAL_LIST_ITEM_NAME_MAX),
  fields: CustomFieldValuesSchema.default({}),
});
export type GlobalListItemBody = z.input<typeof GlobalListItemBodySchema>;

export const globalListEndpoints = defineEndpoints({
  'GET /api/resources/global-lists/all': {
    summary: 'Every global list in use, with its fields when asked',
    query: GlobalListAllQuerySchema,
    response: z.array(GlobalListOptionSchema),
  },
  'GET /api/resources/global-lists': {
    summary: 'Global lists in use, paged, sorted and filtered',
    query: ListQuerySchema,
    response: GlobalListListSchema,
  },
  'GET /api/resources/global-lists/archive': {
    summary: 'Archived global lists, paged, sorted and filtered',
    query: ListQuerySchema,
    response: GlobalListListSchema,
  },
  'PUT /api/resources/global-lists/bulk-archive': {
    summary: 'Archive global lists',
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'PUT /api/resources/global-lists/bulk-restore': {
    summary: 'Restore archived global lists',
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'POST /api/resources/global-lists/new': {
    summary: 'Create a global list with its fields',
    body: GlobalListBodySchema,
    response: GlobalListDetailSchema,
  },
  'GET /api/resources/global-lists/:id': {
    summary: 'One global list with its fields',
    params: ListParamsSchema,
    response: GlobalListDetailSchema,
  },
  'PUT /api/resources/global-lists/:id': {
    summary: 'Rename a global list and save its fields',
    params: ListParamsSchema,
    body: GlobalListBodySchema,
    response: GlobalListDetailSchema,
  },
  'DELETE /api/resources/global-lists/:id': {
    summary: 'Delete a global list and its items for good',
    params: ListParamsSchema,
    response: z.null(),
  },
  'PUT /api/resources/global-lists/:id/restore': {
    summary: 'Restore an archived global list',
    params: ListParamsSchema,
    response: GlobalListDetailSchema,
  },
  'DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete': {
    summary: "Delete an unused field of a global list for good (and its items' values)",
    params: FieldParamsSchema,
    response: z.null(),
  },
  'GET /api/resources/global-lists/:id/items': {
    summary: 'Items in use of a global list, paged, sorted and filtered on its fields',
    params: ListParamsSchema,
    query: ListQuerySchema,
    response: GlobalListItemListSchema,
  },
  'GET /api/resources/global-lists/:id/items/archive': {
    summary: 'Archived items of a global list',
    params: ListParamsSchema,
    query: ListQuerySchema,
    response: GlobalListItemListSchema,
  },
  'POST /api/resources/global-lists/:id/items/new': {
    summary: 'Add an item to a global list',
    params: ListParamsSchema,
    body: GlobalListItemBodySchema,
    response: GlobalListItemSchema,
  },
  'PUT /api/resources/global-lists/:id/items/bulk-archive': {
    summary: 'Archive items of a global list',
    params: ListParamsSchema,
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'PUT /api/resources/global-lists/:id/items/bulk-restore': {
    summary: 'Restore archived items of a global list',
    params: ListParamsSchema,
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'PUT /api/resources/global-lists/:id/items/:itemId': {
    summary: 'Edit an item in use',
    params: ItemParamsSchema,
    body: GlobalListItemBodySchema,
    response: GlobalListItemSchema,
  },
  'DELETE /api/resources/global-lists/:id/items/:itemId': {
    summary: 'Delete an item for good',
    params: ItemParamsSchema,
    response: z.null(),
  },
  'PUT /api/resources/global-lists/:id/items/:itemId/restore': {
    summary: 'Restore an archived item',
    params: ItemParamsSchema,
    response: GlobalListItemSchema,
  },
});
