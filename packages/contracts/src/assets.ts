import { z } from 'zod';
import {
  CustomFieldsSaveSchema,
  CustomFieldValuesSchema,
  SavedCustomFieldSchema,
  type CustomFieldValues,
  type SavedCustomField,
} from './custom-fields.ts';
import { defineEndpoints } from './endpoint.ts';
import { FileAnswerSchema } from './files.ts';
import { listOf } from './envelope.ts';
import { BulkResultSchema, BulkSelectionSchema, DynamicFieldSchema, ListQuerySchema } from './list.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

/** Assets and asset types (spec 3 §2 "Assets", §3, §4 "Archive lifecycle", §7 "Assets", "Asset types"). */
export const ASSET_TYPE_NAME_MAX = 125;
export const ASSET_ID_MAX = 64;
export const ASSET_NAME_MAX = 255;
/** Spec 3 §9 "Search limits": asset search answers 50 at most, type search 20. */
export const ASSET_SEARCH_LIMIT = 50;
export const ASSET_TYPE_SEARCH_LIMIT = 20;
/** Saved-query table names of the four lists. */
export const ASSET_TABLES = {
  assets: 'assets',
  assetsArchive: 'assets_archive',
  types: 'asset_types',
  typesArchive: 'asset_types_archive',
} as const;
/** The custom-field entity of an asset type's fields (`custom_fields.entity`). */
export const assetTypeFieldsEntity = (typeId: string) => `asset_type:${typeId}`;

const IdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const FieldIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const FlagSchema = z.enum(['0', '1']).optional();
/** `ids` as one value or a list (`ids[0]=..&ids[1]=..`). */
const IdsQuerySchema = z
  .union([z.uuid(), z.array(z.uuid()).max(ASSET_SEARCH_LIMIT)])
  .optional()
  .transform((ids) => (ids === undefined ? undefined : Array.isArray(ids) ? ids : [ids]));

// ---------------------------------------------------------------------------------------------
// Asset types

export const AssetTypeNameSchema = z.string().trim().min(1).max(ASSET_TYPE_NAME_MAX);

export const AssetTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How many fields are in use. */
  fields_count: z.number().int(),
  assets_count: z.number().int(),
  /** The last inspection of an asset of this type (null until inspections exist). */
  last_inspection_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssetType = z.infer<typeof AssetTypeSchema>;
export const AssetTypeListSchema = listOf(AssetTypeSchema).extend(SavedQueriesBlockSchema.partial().shape);
export type AssetTypeList = z.infer<typeof AssetTypeListSchema>;

export const AssetTypeFieldSchema = SavedCustomFieldSchema;
export type AssetTypeField = SavedCustomField;

/** One type with every field definition, used and unused, used ones first in their order. */
export const AssetTypeDetailSchema = AssetTypeSchema.extend({ fields: z.array(AssetTypeFieldSchema) });
export type AssetTypeDetail = z.infer<typeof AssetTypeDetailSchema>;

/** Create and edit: the form's values plus the custom-field editor's payload (spec 3 §7 "Custom-field save"). */
export const AssetTypeBodySchema = z.strictObject({
  name: AssetTypeNameSchema,
  fields: CustomFieldsSaveSchema.shape.fields.default([]),
  order: CustomFieldsSaveSchema.shape.order.default({}),
});
export type AssetTypeBody = z.input<typeof AssetTypeBodySchema>;

export const AssetTypeAllQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ASSET_TYPE_SEARCH_LIMIT).default(ASSET_TYPE_SEARCH_LIMIT),
  q: z.string().trim().max(100).optional(),
  with_fields: FlagSchema,
  ids: IdsQuerySchema,
});
export type AssetTypeAllQuery = z.input<typeof AssetTypeAllQuerySchema>;

export const AssetTypeOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** With `with_fields=1`: the fields in use, for columns, filters and forms. */
  fields: z.array(AssetTypeFieldSchema).optional(),
});
export type AssetTypeOption = z.infer<typeof AssetTypeOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Assets

export const AssetFieldValuesSchema = CustomFieldValuesSchema;
export type AssetFieldValues = CustomFieldValues;

export const AssetSchema = z.object({
  id: z.string(),
  /** The organisation's own identifier of the asset, unique in the workspace. */
  asset_id: z.string(),
  display_name: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  fields: AssetFieldValuesSchema,
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Asset = z.infer<typeof AssetSchema>;
export const AssetListSchema = listOf(AssetSchema)
  .extend(SavedQueriesBlockSchema.partial().shape)
  .extend({
    /** The chosen type's fields in use: the table's dynamic columns and filters. */
    fields: z.array(DynamicFieldSchema),
  });
export type AssetList = z.infer<typeof AssetListSchema>;

/** Lists of assets: one type's (with its fields as columns) or every type's. */
export const AssetListQuerySchema = ListQuerySchema.extend({ type_id: z.uuid({ error: 'validation.invalid' }).optional() });
export type AssetListQuery = z.input<typeof AssetListQuerySchema>;

export const AssetDetailSchema = AssetSchema.extend({ type_fields: z.array(AssetTypeFieldSchema) });
export type AssetDetail = z.infer<typeof AssetDetailSchema>;

export const AssetBodySchema = z.strictObject({
  asset_id: z.string().trim().min(1).max(ASSET_ID_MAX),
  display_name: z.string().trim().min(1).max(ASSET_NAME_MAX),
  type_id: z.uuid({ error: 'validation.invalid' }),
  fields: AssetFieldValuesSchema.default({}),
});
export type AssetBody = z.input<typeof AssetBodySchema>;

export const AssetSearchQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ASSET_SEARCH_LIMIT).default(ASSET_SEARCH_LIMIT),
  q: z.string().trim().max(100).optional(),
  with_fields: FlagSchema,
  type_id: z.uuid({ error: 'validation.invalid' }).optional(),
  ids: IdsQuerySchema,
});
export type AssetSearchQuery = z.input<typeof AssetSearchQuerySchema>;

export const AssetOptionSchema = z.object({
  id: z.string(),
  asset_id: z.string(),
  display_name: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  /** With `with_fields=1`. */
  fields: AssetFieldValuesSchema.optional(),
});
export type AssetOption = z.infer<typeof AssetOptionSchema>;

/** A bulk action on assets: the ids, or every asset matching the filter of one type's list (or of all). */
export const AssetBulkSchema = BulkSelectionSchema.and(z.object({ type_id: z.uuid({ error: 'validation.invalid' }).optional() }));
export type AssetBulk = z.infer<typeof AssetBulkSchema>;

export const assetEndpoints = defineEndpoints({
  'GET /api/assets/types/list': {
    summary: 'Asset types in use, paged, sorted and filtered',
    query: ListQuerySchema,
    response: AssetTypeListSchema,
  },
  'GET /api/assets/types/archive': {
    summary: 'Archived asset types, paged, sorted and filtered',
    query: ListQuerySchema,
    response: AssetTypeListSchema,
  },
  'GET /api/assets/types/all': {
    summary: 'Asset types in use matching a text (20 at most), or the ones named by ids',
    query: AssetTypeAllQuerySchema,
    response: z.array(AssetTypeOptionSchema),
  },
  'PUT /api/assets/types/bulk-archive': {
    summary: 'Archive asset types',
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'PUT /api/assets/types/bulk-restore': {
    summary: 'Restore archived asset types',
    body: BulkSelectionSchema,
    response: BulkResultSchema,
  },
  'DELETE /api/assets/types/unused-fields/:id/delete': {
    summary: "Delete an unused field of an asset type for good (and its assets' values)",
    params: FieldIdParamsSchema,
    response: z.null(),
  },
  'POST /api/assets/types/new': {
    summary: 'Create an asset type with its fields',
    body: AssetTypeBodySchema,
    response: AssetTypeDetailSchema,
  },
  'GET /api/assets/types/:id': { summary: 'One asset type with its fields', params: IdParamsSchema, response: AssetTypeDetailSchema },
  'PUT /api/assets/types/:id': {
    summary: 'Rename an asset type and save its fields',
    params: IdParamsSchema,
    body: AssetTypeBodySchema,
    response: AssetTypeDetailSchema,
  },
  'PUT /api/assets/types/:id/restore': {
    summary: 'Restore an archived asset type',
    params: IdParamsSchema,
    response: AssetTypeDetailSchema,
  },
  'DELETE /api/assets/types/:id': { summary: 'Delete an asset type without assets for good', params: IdParamsSchema, response: z.null() },

  'GET /api/assets/list': { summary: 'Assets in use, paged, sorted and filtered', query: AssetListQuerySchema, response: AssetListSchema },
  'GET /api/assets/archive': {
    summary: 'Archived assets, paged, sorted and filtered',
    query: AssetListQuerySchema,
    response: AssetListSchema,
  },
  'GET /api/assets/search': {
    summary: 'Assets in use matching a text (50 at most), or the ones named by ids',
    query: AssetSearchQuerySchema,
    response: z.array(AssetOptionSchema),
  },
  'PUT /api/assets/bulk-archive': { summary: 'Archive assets', body: AssetBulkSchema, response: BulkResultSchema },
  'PUT /api/assets/bulk-restore': { summary: 'Restore archived assets', body: AssetBulkSchema, response: BulkResultSchema },
  'POST /api/assets/new': { summary: 'Create an asset', body: AssetBodySchema, response: AssetDetailSchema },
  'GET /api/assets/:id': { summary: 'One asset with its type’s fields', params: IdParamsSchema, response: AssetDetailSchema },
  'PUT /api/assets/:id': { summary: 'Edit an asset in use', params: IdParamsSchema, body: AssetBodySchema, response: AssetDetailSchema },
  'PUT /api/assets/:id/restore': { summary: 'Restore an archived asset', params: IdParamsSchema, response: AssetDetailSchema },
  'DELETE /api/assets/:id': { summary: 'Delete an asset for good', params: IdParamsSchema, response: z.null() },
});

/** Printable QR labels (issue 14): at most this many labels on one PDF sheet. */
export const ASSET_LABELS_MAX = 1000;

/**
 * QR labels: a PDF of labels for the selection, each with a QR code of the asset's public URL
 * (`{PUBLIC_URL}/assets/{id}`), its asset ID and its name. Picked by ids, archived assets are printed
 * too; by filter, the assets in use that match.
 */
export const assetLabelEndpoints = defineEndpoints({
  'POST /api/assets/labels': {
    summary: 'A PDF sheet of QR labels for the chosen assets (1,000 at most)',
    body: AssetBulkSchema,
    response: FileAnswerSchema,
  },
});
