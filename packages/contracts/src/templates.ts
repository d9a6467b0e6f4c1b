import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { FileAnswerSchema } from './files.ts';
import { ListQuerySchema } from './list.ts';

/** Checklist search answers at most this many templates (spec 2 §9). */
export const CHECKLIST_SEARCH_LIMIT = 10;
/** Template search (`/checklist/template/search`) answers at most this many. */
export const TEMPLATE_SEARCH_LIMIT = 50;
export const TEMPLATE_LIST_DEFAULT_LIMIT = 25;
export const TEMPLATE_LIST_MAX_LIMIT = 500;
/** Autosave accepts a document up to this size (a 5,000-question template is about 1 MB). */
export const TEMPLATE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
export const TEMPLATE_TITLE_MAX = 255;
export const TEMPLATE_DESCRIPTION_MAX = 2000;
export const FOLDER_NAME_MAX = 255;

const id = z.string().min(1).max(64);
const title = z.string().trim().min(1, { error: 'validation.required' }).max(TEMPLATE_TITLE_MAX);
const parentId = z.string().max(64).nullable().optional();

export const TemplateIdParamsSchema = z.object({ id: z.string().max(64) });
export type TemplateIdParams = z.infer<typeof TemplateIdParamsSchema>;

// List --------------------------------------------------------------------------------------------

const positiveInt = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * The shared list query (`limit=25&page=1&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=pump`)
 * over the fields of TEMPLATE_LIST_FIELDS, plus `archived=1` for the archived templates.
 */
export const TemplateListQuerySchema = ListQuerySchema.extend({
  limit: positiveInt(TEMPLATE_LIST_MAX_LIMIT, TEMPLATE_LIST_DEFAULT_LIMIT),
  archived: z.enum(['0', '1']).optional(),
});
/** Fields of the template list's filters and sorts. */
export const TEMPLATE_LIST_FIELDS = [
  'title',
  'description',
  'created_at',
  'updated_at',
  'published',
  'has_draft',
  'language',
  'parent_id',
] as const;
export type TemplateListQuery = z.infer<typeof TemplateListQuerySchema>;

/** A template list entry or a folder (is_template false), as a tree (spec 2 §3 "List entry"). */
export type TemplateListEntry = {
  id: string;
  title: string;
  description: string | null;
  is_template: boolean;
  revision: number;
  options: { has_draft: boolean; published: boolean; version_id: string | null; version_title: string | null };
  parent_id: string | null;
  created_at: string;
  updated_at: string;
  depth: number;
  template_id: string | null;
  language: string;
  contains_asset: boolean;
  has_draft_translations: boolean;
  archived_at: string | null;
  children: TemplateListEntry[];
};

export const TemplateListEntrySchema: z.ZodType<TemplateListEntry> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    is_template: z.boolean(),
    revision: z.number().int(),
    options: z.object({
      has_draft: z.boolean(),
      published: z.boolean(),
      version_id: z.string().nullable(),
      version_title: z.string().nullable(),
    }),
    parent_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    depth: z.number().int(),
    template_id: z.string().nullable(),
    language: z.string(),
    contains_asset: z.boolean(),
    has_draft_translations: z.boolean(),
    archived_at: z.string().nullable(),
    children: z.array(TemplateListEntrySchema),
  }),
);
export const TemplateListSchema = listOf(TemplateListEntrySchema);

// One template ------------------------------------------------------------------------------------

export const TemplateVersionInfoSchema = z.object({
  version_id: z.string(),
  version: z.number().int(),
  version_title: z.string(),
  revision: z.number().int(),
  published_at: z.string(),
});
export type TemplateVersionInfo = z.infer<typeof TemplateVersionInfoSchema>;

/** Template options (spec 2 §3). */
export const TemplateOptionsInfoSchema = z.object({
  has_draft: z.boolean(),
  published: z.boolean(),
  need_merge_request: z.boolean(),
  version_title: z.string().nullable(),
  version_id: z.string().nullable(),
  version: z.number().int().nullable(),
  language: z.string(),
  contains_asset: z.boolean(),
  global_type: z.string().nullable(),
  revision: z.number().int(),
  archived_at: z.string().nullable(),
});
export type TemplateOptionsInfo = z.infer<typeof TemplateOptionsInfoSchema>;

/**
 * The template document (its shape is `@vigil/checklist`'s TemplateDocumentSchema, which the
 * server applies) with the server's bookkeeping fields and the latest published version.
 */
export const TemplateSchema = z
  .object({
    id: z.string(),
    template_id: z.string(),
    title: z.string(),
    revision: z.number().int(),
    parent_id: z.string().nullable(),
    has_draft: z.boolean(),
    published: z.boolean(),
    need_merge_request: z.boolean(),
    language: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    archived_at: z.string().nullable(),
    latest_version: TemplateVersionInfoSchema.nullable(),
    items: z.array(z.unknown()),
  })
  .loose();
export type Template = z.infer<typeof TemplateSchema>;

export const NewTemplateBodySchema = z.object({
  parent_id: parentId,
  title,
  description: z.string().max(TEMPLATE_DESCRIPTION_MAX).nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type NewTemplateBody = z.infer<typeof NewTemplateBodySchema>;

/** Autosave: the full document (checked by `@vigil/checklist`) and the revision it was edited from. */
export const SaveTemplateBodySchema = z.object({ revision: z.number().int().min(0) }).loose();
export type SaveTemplateBody = z.infer<typeof SaveTemplateBodySchema>;

/**
 * A problem a draft keeps (an empty formula, a dangling reference...): `code` and `params` name the
 * `@vigil/checklist` message, `message` is it in the request's language, `item_id` the item showing it
 * (null for the template itself, e.g. a blank title).
 */
export const TemplateProblemSchema = z.object({
  item_id: z.string().nullable(),
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type TemplateProblem = z.infer<typeof TemplateProblemSchema>;

/** Autosave's answer: the new revision and the problems of the draft it stored. */
export const SaveTemplateResultSchema = z.object({
  revision: z.number().int(),
  updated_at: z.string(),
  problems: z.array(TemplateProblemSchema),
});
export type SaveTemplateResult = z.infer<typeof SaveTemplateResultSchema>;

export const RevisionSchema = z.object({ revision: z.number().int() });
export const RevisionBodySchema = z.object({ revision: z.number().int().min(0) });

/** 409 CKL_REVISION_NOT_MATCH carries the current revision. */
export const RevisionConflictDataSchema = RevisionSchema;

export const PublishResultSchema = z.object({ revision: z.number().int() }).extend(TemplateVersionInfoSchema.shape);

export const MoveTemplateBodySchema = z.object({ id, parent_id: parentId });
export const CloneTemplateBodySchema = z.object({ parent_id: parentId, title: title.optional() });
export const SetLanguageBodySchema = z.object({ lang: z.enum(LANGUAGES) });

export const TemplateSearchQuerySchema = z.object({
  q: z.string().max(TEMPLATE_TITLE_MAX).optional(),
  parent_id: z.string().max(64).optional(),
  ids: z.union([z.array(z.string().max(64)).max(100), z.string().max(64)]).optional(),
});
export const ChecklistSearchQuerySchema = z.object({
  q: z.string().max(TEMPLATE_TITLE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(CHECKLIST_SEARCH_LIMIT).default(CHECKLIST_SEARCH_LIMIT),
});

export const TemplateSearchEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  parent_id: z.string().nullable(),
  published: z.boolean(),
  has_draft: z.boolean(),
  version_id: z.string().nullable(),
  language: z.string(),
});
export type TemplateSearchEntry = z.infer<typeof TemplateSearchEntrySchema>;

export const LastVersionItemsSchema = z.object({
  version_id: z.string().nullable(),
  version: z.number().int().nullable(),
  items: z.array(z.unknown()),
});

export const PastItemsBodySchema = z.object({
  rules: z.array(z.unknown()).max(5000).default([]),
  image_markers: z.array(z.unknown()).max(5000).default([]),
  grouped_items: z.array(z.unknown()).max(5000).default([]),
});

// Folders -----------------------------------------------------------------------------------------

const folderName = z.string().trim().min(1, { error: 'validation.required' }).max(FOLDER_NAME_MAX);

export const NewFolderBodySchema = z.object({ name: folderName, parent_id: parentId });
export const UpdateFolderBodySchema = z.object({ name: folderName.optional(), parent_id: parentId });
export const FolderAllQuerySchema = z.object({ exclude_id: z.string().max(64).optional() });

export type Folder = {
  id: string;
  name: string;
  parent_id: string | null;
  depth: number;
  created_at: string;
  updated_at: string;
  children: Folder[];
};
export const FolderSchema: z.ZodType<Folder> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    depth: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    children: z.array(FolderSchema),
  }),
);

// Import from CSV / Excel -------------------------------------------------------------------------

export const TemplateImportSampleQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** The text fields sent with the file (multipart), all optional. */
export const TemplateImportFieldsSchema = z.object({
  title: z.string().trim().min(1).max(TEMPLATE_TITLE_MAX).optional(),
  parent_id: z.string().max(64).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** `1`: the 422 answer lists only the rows with errors. */
  show_errors_only: z.enum(['0', '1']).optional(),
});
export type TemplateImportFields = z.infer<typeof TemplateImportFieldsSchema>;

/** `data` of 422 CKL_IMPORT_ROWS_INVALID: every row (or only the failing ones) with its errors. */
export const ImportRowsErrorDataSchema = z.object({
  error_count: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()), errors: z.array(z.string()) })),
});

// Template parts ----------------------------------------------------------------------------------

/** A part of the document (response set, grouped item, rule set, info); its shape is checked by `@vigil/checklist`. */
export const TemplatePartBodySchema = z.object({ uuid: z.string().min(1).max(64).optional() }).loose();
export const TemplatePartSchema = z.object({ uuid: z.string() }).loose();

// Translations ------------------------------------------------------------------------------------

export const TRANSLATION_MAX = 10_000;
export const TemplateLangParamsSchema = z.object({ id: z.string().max(64), lang: z.enum(LANGUAGES) });
export const AddTranslationBodySchema = z.object({ lang: z.enum(LANGUAGES) });
export const TranslationQuerySchema = z.object({ filter: z.enum(['all', 'untranslated', 'translated']).default('all') });
export const TranslationRecordBodySchema = z.object({
  key: z.string().min(1).max(200),
  translation: z.string().max(TRANSLATION_MAX).nullable(),
});
export const BulkTranslationBodySchema = z.object({ records: z.array(TranslationRecordBodySchema).min(1).max(5000) });

/** Auto-translate (spec 2 §5): at most this many records per request. */
export const AUTO_TRANSLATE_MAX = 10;
export const AutoTranslateBodySchema = z.object({ keys: z.array(z.string().min(1).max(200)).min(1).max(AUTO_TRANSLATE_MAX) });
/** The machine translations of the asked keys, for the preview: nothing is stored until the user saves them. */
export const AutoTranslationSchema = z.object({
  lang: z.string(),
  source_lang: z.string(),
  records: z.array(z.object({ key: z.string(), source: z.string(), translation: z.string() })),
});
export type AutoTranslation = z.infer<typeof AutoTranslationSchema>;
export const TemplateTranslationSchema = z.object({
  lang: z.string(),
  source_lang: z.string(),
  is_draft: z.boolean(),
  total: z.number().int(),
  translated: z.number().int(),
  records: z.array(
    z.object({
      key: z.string(),
      source: z.string(),
      translation: z.string().nullable(),
      updated_by: z.string().nullable(),
      updated_at: z.string().nullable(),
    }),
  ),
});
export type TemplateTranslation = z.infer<typeof TemplateTranslationSchema>;
/** The column mapping sent with a translation import file. */
export const TranslationImportFieldsSchema = z.object({
  key_column: z.string().trim().min(1).max(100),
  translation_column: z.string().trim().min(1).max(100),
});

// Calls --------------------------------------------------------------------------------------------

const partCall = (summary: string) => ({
  summary,
  params: TemplateIdParamsSchema,
  body: TemplatePartBodySchema,
  response: TemplatePartSchema,
});

export const templateEndpoints = defineEndpoints({
  'GET /api/checklist/template/list': {
    summary: 'Folders and templates as a tree, paged by top-level entry',
    query: TemplateListQuerySchema,
    response: TemplateListSchema,
  },
  'GET /api/checklist/template/search': {
    summary: 'Templates by title (q), folder (parent_id) or ids',
    query: TemplateSearchQuerySchema,
    response: z.array(TemplateSearchEntrySchema),
  },
  'GET /api/checklist/search': {
    summary: 'Published templates by title, at most 10',
    query: ChecklistSearchQuerySchema,
    response: z.array(TemplateSearchEntrySchema),
  },
  'POST /api/checklist/template/new': {
    summary: 'Create an empty template in a folder',
    body: NewTemplateBodySchema,
    response: TemplateSchema,
  },
  'POST /api/checklist/template/move': {
    summary: 'Move a template into a folder (parent_id null: top level)',
    body: MoveTemplateBodySchema,
    response: TemplateListEntrySchema,
  },
  'GET /api/checklist/template/:id/options': {
    summary: 'Draft, publication and language state of a template',
    params: TemplateIdParamsSchema,
    response: TemplateOptionsInfoSchema,
  },
  'GET /api/checklist/template/:id': {
    summary: 'The template draft with its latest published version',
    params: TemplateIdParamsSchema,
    response: TemplateSchema,
  },
  'POST /api/checklist/template/:id': {
    summary:
      'Autosave the full draft from a revision, problems and all (answered); 422 only for a broken structure; 409 CKL_REVISION_NOT_MATCH with the current revision',
    params: TemplateIdParamsSchema,
    body: SaveTemplateBodySchema,
    response: SaveTemplateResultSchema,
  },
  'DELETE /api/checklist/template/:id': {
    summary: 'Delete a template and its versions',
    params: TemplateIdParamsSchema,
    response: z.null(),
  },
  'POST /api/checklist/template/:id/publish': {
    summary: 'Publish the draft at a revision as the next version; 422 CKL_TEMPLATE_HAS_PROBLEMS while the draft has problems',
    params: TemplateIdParamsSchema,
    body: RevisionBodySchema,
    response: PublishResultSchema,
  },
  'POST /api/checklist/template/:id/clone': {
    summary: 'Copy a template draft into a folder',
    params: TemplateIdParamsSchema,
    body: CloneTemplateBodySchema,
    response: TemplateSchema,
  },
  'POST /api/checklist/template/:id/archive': {
    summary: 'Archive a template',
    params: TemplateIdParamsSchema,
    response: TemplateOptionsInfoSchema,
  },
  'POST /api/checklist/template/:id/restore': {
    summary: 'Restore an archived template',
    params: TemplateIdParamsSchema,
    response: TemplateOptionsInfoSchema,
  },
  'POST /api/checklist/template/:id/set-language': {
    summary: "Set the template's language",
    params: TemplateIdParamsSchema,
    body: SetLanguageBodySchema,
    response: z.object({ language: z.string(), revision: z.number().int() }),
  },
  'GET /api/checklist/:id/last-version-items': {
    summary: 'The items of the latest published version',
    params: TemplateIdParamsSchema,
    response: LastVersionItemsSchema,
  },
  'POST /api/checklist/template/:id/past-items': {
    summary: 'Check the rule sets, image markers and grouped items of pasted items',
    params: TemplateIdParamsSchema,
    body: PastItemsBodySchema,
    response: z.object({ rules: z.array(z.unknown()), image_markers: z.array(z.unknown()), grouped_items: z.array(z.unknown()) }),
  },
  'POST /api/checklist/template/:id/response/new': partCall('Check a new response set and give it its uuid'),
  'POST /api/checklist/template/:id/grouped-item/new': {
    ...partCall('Check a new grouped item and give it its uuid'),
    response: z.object({ grouped_item_id: z.string(), data: TemplatePartSchema }),
  },
  'POST /api/checklist/template/:id/rules/new': partCall('Check a new rule set and give it its uuid'),
  'POST /api/checklist/template/:id/info/new': partCall('Check a new info block and give it its uuid'),
});

export const folderEndpoints = defineEndpoints({
  'POST /api/checklist/template/folder/new': { summary: 'Create a folder', body: NewFolderBodySchema, response: FolderSchema },
  'PUT /api/checklist/template/folder/:id': {
    summary: 'Rename or move a folder',
    params: TemplateIdParamsSchema,
    body: UpdateFolderBodySchema,
    response: FolderSchema,
  },
  'DELETE /api/checklist/template/folder/:id': { summary: 'Delete an empty folder', params: TemplateIdParamsSchema, response: z.null() },
  'GET /api/checklist/template/folder/all': {
    summary: 'Every folder as a tree, without exclude_id and its subfolders',
    query: FolderAllQuerySchema,
    response: z.array(FolderSchema),
  },
});

export const translationEndpoints = defineEndpoints({
  'POST /api/checklist/template/:id/translation/add': {
    summary: 'Add a translation language to the template',
    params: TemplateIdParamsSchema,
    body: AddTranslationBodySchema,
    response: TemplateTranslationSchema,
  },
  'GET /api/checklist/template/:id/translation/:lang': {
    summary: 'Sources and translations of one language (filter: all, untranslated, translated)',
    params: TemplateLangParamsSchema,
    query: TranslationQuerySchema,
    response: TemplateTranslationSchema,
  },
  'PUT /api/checklist/template/:id/translation/:lang': {
    summary: 'Set one translation by key',
    params: TemplateLangParamsSchema,
    body: TranslationRecordBodySchema,
    response: TemplateTranslationSchema,
  },
  'PUT /api/checklist/template/:id/translation/:lang/bulk-update': {
    summary: 'Set many translations by key, all or nothing',
    params: TemplateLangParamsSchema,
    body: BulkTranslationBodySchema,
    response: TemplateTranslationSchema,
  },
  'PUT /api/checklist/template/:id/translation/:lang/bulk-auto-translate': {
    summary: 'Machine translations of up to 10 records, as a preview (nothing is stored; instruction items are left out)',
    params: TemplateLangParamsSchema,
    body: AutoTranslateBodySchema,
    response: AutoTranslationSchema,
  },
  'DELETE /api/checklist/template/:id/translation/:lang': {
    summary: 'Remove a translation language',
    params: TemplateLangParamsSchema,
    response: z.null(),
  },
});

/** Imports from CSV or xlsx: multipart uploads (the fields named in each summary) and the sample file. */
export const templateImportEndpoints = defineEndpoints({
  'GET /api/checklist/template/import/sample': {
    summary: 'The sample import file (csv or xlsx)',
    query: TemplateImportSampleQuerySchema,
    response: FileAnswerSchema,
  },
  'POST /api/checklist/template/import': {
    summary: 'Create a template from a CSV or xlsx file (multipart: file, title?, parent_id?, language?, show_errors_only?)',
    response: TemplateSchema,
  },
  'POST /api/checklist/template/:id/translation/:lang/import': {
    summary: 'Import translations from a CSV or xlsx file (multipart: file, key_column, translation_column)',
    params: TemplateLangParamsSchema,
    response: TemplateTranslationSchema,
  },
});

export const imageMarkerEndpoints = defineEndpoints({
  'POST /api/checklist/template/:id/image-marker/new': {
    summary: 'Upload the picture of a new image marker (multipart: file, uuid?, options?) and answer the marker with its file',
    params: TemplateIdParamsSchema,
    response: TemplatePartSchema,
  },
});

export type TemplatesEndpoints = typeof templateEndpoints &
  typeof folderEndpoints &
  typeof translationEndpoints &
  typeof templateImportEndpoints &
  typeof imageMarkerEndpoints;
