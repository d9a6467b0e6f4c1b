import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { FileAnswerSchema } from './files.ts';
import { ID_MAX } from './limits.ts';

/**
 * Bulk imports of assets (of one type) and global-list items (of one list) from CSV or xlsx (spec 3
 * §2 "Bulk import", §6 "Bulk import payload"): the wizard previews the file, the person maps its
 * columns, and a job checks every row before writing any, all or nothing. See docs/imports.md.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows after the header row. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_COLUMNS = 50;
/** Rows after the header the preview answers. */
export const IMPORT_PREVIEW_ROWS = 5;
/** Row errors an import keeps (and answers); past them only the count grows. */
export const IMPORT_ERRORS_KEPT = 200;
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;

export const IMPORT_TARGETS = ['assets', 'global_list_items'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_STATUSES = ['queued', 'checking', 'writing', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Statuses after which nothing changes. */
export const IMPORT_FINISHED: readonly ImportStatus[] = ['completed', 'failed', 'cancelled'];

/** One mapping: the target column `id` (`asset_id`, `display_name`, a field key) is read from the file's column `index` (0 for A). */
export const ImportColumnSchema = z.strictObject({
  id: z.string().min(1).max(ID_MAX),
  index: z
    .number()
    .int()
    .min(0)
    .max(IMPORT_MAX_COLUMNS - 1),
});
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

export const ImportColumnsSchema = z
  .array(ImportColumnSchema)
  .min(1)
  .max(IMPORT_MAX_COLUMNS)
  .refine((columns) => new Set(columns.map((column) => column.id)).size === columns.length, { error: 'imports.column_twice' });

/** The multipart text field `columns`: the mappings as JSON. */
export const ImportColumnsFieldSchema = z
  .string()
  .max(8 * 1024)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
      return z.NEVER;
    }
  })
  .pipe(ImportColumnsSchema);

/** Text fields of POST /api/assets/bulk-import (with the part `file`). */
export const AssetImportFieldsSchema = z.object({ type_id: z.uuid({ error: 'validation.invalid' }), columns: ImportColumnsFieldSchema });
/** Text fields of POST /api/resources/global-lists/bulk-import (with the part `file`). */
export const GlobalListImportFieldsSchema = z.object({
  list_id: z.uuid({ error: 'validation.invalid' }),
  columns: ImportColumnsFieldSchema,
});

/** A column the file's columns can be mapped to. */
export const ImportTargetColumnSchema = z.object({
  id: z.string(),
  title: z.string(),
  required: z.boolean(),
  /** The custom field's type (text, email, integer ...); null for the record's own columns. */
  field_type: z.string().nullable(),
});
export type ImportTargetColumn = z.infer<typeof ImportTargetColumnSchema>;

export const AssetImportQuerySchema = z.object({ type_id: z.uuid({ error: 'validation.invalid' }) });
export const GlobalListImportQuerySchema = z.object({ list_id: z.uuid({ error: 'validation.invalid' }) });
export const ImportSampleFormatSchema = z.object({ format: z.enum(IMPORT_FORMATS).default('csv') });

/** The first rows of an uploaded file, for mapping its columns (nothing is kept). */
export const ImportPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The first row's cells: the file's column titles. */
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** What stopped a whole file (rather than some of its rows). */
export const IMPORT_FAILURES = ['too_large', 'too_many_rows', 'unreadable', 'empty', 'target_gone', 'crashed'] as const;
export type ImportFailure = (typeof IMPORT_FAILURES)[number];

export const ImportRowErrorSchema = z.object({
  /** The row number the spreadsheet shows: the header is row 1. */
  row: z.number().int(),
  /** The target column (`asset_id`, a field key); null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportSchema = z.object({
  id: z.string(),
  target: z.enum(IMPORT_TARGETS),
  /** The asset type or global list the rows go to. */
  target_id: z.string(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** How far the current pass has read the file, 0 to 1. */
  progress: z.number(),
  rows_checked: z.number().int(),
  /** Known once every row is checked. */
  rows_total: z.number().int().nullable(),
  rows_written: z.number().int(),
  error_count: z.number().int(),
  /** The first IMPORT_ERRORS_KEPT row errors, in row order, in the reader's language. */
  errors: z.array(ImportRowErrorSchema),
  failure: z.enum(IMPORT_FAILURES).nullable(),
  /** The failure in the reader's language. */
  failure_message: z.string().nullable(),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Import = z.infer<typeof ImportSchema>;

const ImportIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const importEndpoints = defineEndpoints({
  'POST /api/imports/preview': {
    summary: 'The header and first rows of a CSV or xlsx file (multipart: file), for mapping its columns',
    response: ImportPreviewSchema,
  },
  'GET /api/imports/:id': {
    summary: 'An import started by the caller: its progress, errors and outcome',
    params: ImportIdParamsSchema,
    response: ImportSchema,
  },
  'PUT /api/imports/:id/cancel': {
    summary: 'Stop an import before it writes (nothing is written); a finished one answers 409',
    params: ImportIdParamsSchema,
    response: ImportSchema,
  },
});

export const assetImportEndpoints = defineEndpoints({
  'GET /api/assets/bulk-import/columns': {
    summary: "The columns an asset type's import maps: asset ID, name and the type's fields in use",
    query: AssetImportQuerySchema,
    response: z.array(ImportTargetColumnSchema),
  },
  'GET /api/assets/bulk-import/sample': {
    summary: "A sample file for an asset type's import (csv or xlsx)",
    query: AssetImportQuerySchema.extend(ImportSampleFormatSchema.shape),
    response: FileAnswerSchema,
  },
  'POST /api/assets/bulk-import': {
    summary: 'Import assets of one type (multipart: file, columns, type_id); answers the queued import',
    response: ImportSchema,
  },
});

export const globalListImportEndpoints = defineEndpoints({
  'GET /api/resources/global-lists/bulk-import/columns': {
    summary: "The columns a global list's import maps: the display name and the list's fields in use",
    query: GlobalListImportQuerySchema,
    response: z.array(ImportTargetColumnSchema),
  },
  'GET /api/resources/global-lists/bulk-import/sample': {
    summary: "A sample file for a global list's import (csv or xlsx)",
    query: GlobalListImportQuerySchema.extend(ImportSampleFormatSchema.shape),
    response: FileAnswerSchema,
  },
  'POST /api/resources/global-lists/bulk-import': {
    summary: 'Import items of one global list (multipart: file, columns, list_id); answers the queued import',
    response: ImportSchema,
  },
});
