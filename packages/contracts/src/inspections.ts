import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { NAME_MAX } from './limits.ts';
import { BulkResultSchema, BulkSelectionSchema, ListQuerySchema } from './list.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

/**
 * Inspections (spec 3 §2 "Inspections", §3 "Report", §4 "Reports"; issue 15): a published template
 * version answered by an auditor. Spec 3 shows no inspection call, so these are ours; the decisions
 * are in docs/inspections.md.
 */
export const INSPECTION_STATUSES = ['todo', 'in_progress', 'completed'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** Saved-query table names of the two lists. */
export const INSPECTION_TABLES = { inspections: 'inspections', archive: 'inspections_archive' } as const;

/** How many answers one save may carry (a burst of changes, or a whole repeat instance pasted). */
export const ANSWER_CHANGES_MAX = 500;
/** Repeat instances of one repeatable section or question. */
export const REPEAT_INSTANCES_MAX = 200;
/** A checklist item id or a repeat instance id (`@vigil/checklist`'s DOCUMENT_ID_MAX). */
const ITEM_ID_MAX = 100;
/** An answer key: an item id, or `itemId@instanceId` inside a repeatable. */
export const ANSWER_KEY_MAX = 2 * ITEM_ID_MAX + 1;
/** The largest save body: a burst of answers with their notes. */
export const ANSWERS_SAVE_BODY_MAX = 2 * 1024 * 1024;
/** Startable templates answer at most this many per search. */
export const STARTABLE_TEMPLATES_LIMIT = 50;
/** Media of an inspection (photos, recordings, files, signatures): one upload at most this size. */
export const INSPECTION_MEDIA_MAX_BYTES = 30 * 1024 * 1024;

const IdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const AnswerKeySchema = z.string().min(1).max(ANSWER_KEY_MAX);
const InstanceIdSchema = z.string().min(1).max(ITEM_ID_MAX);

export const InspectionPersonSchema = z.object({ id: z.string(), name: z.string() });
export const InspectionAssetSchema = z.object({ id: z.string(), asset_id: z.string(), display_name: z.string() });

/** One inspection as lists show it. `score` is the percentage (null when nothing is scored). */
export const InspectionSchema = z.object({
  id: z.string(),
  /** The workspace's running number of the inspection (the document id's `{number}`). */
  number: z.number().int(),
  title: z.string(),
  template_id: z.string(),
  version_id: z.string(),
  version: z.number().int(),
  status: z.enum(INSPECTION_STATUSES),
  asset: InspectionAssetSchema.nullable(),
  auditor: InspectionPersonSchema.nullable(),
  score: z.number().nullable(),
  score_points: z.number(),
  max_points: z.number(),
  failed_count: z.number().int(),
  answered_count: z.number().int(),
  issues_count: z.number().int(),
  started_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  archived_at: z.string().nullable(),
});
export type Inspection = z.infer<typeof InspectionSchema>;

export const InspectionListSchema = listOf(InspectionSchema).extend(SavedQueriesBlockSchema.partial().shape);
export type InspectionList = z.infer<typeof InspectionListSchema>;

/**
 * One answer as stored: the value (its shape per question type is `@vigil/checklist`'s
 * `checkAnswerValue`), a note, files attached to it, a manual rating, and who gave it when.
 */
export const StoredAnswerSchema = z.object({
  value: z.unknown(),
  note: z.string().nullable().optional(),
  media: z.array(z.object({ id: z.string(), url: z.string(), name: z.string().optional(), mime: z.string().optional() })).optional(),
  rating: z.number().int().nullable().optional(),
  /** Copied from the last completed inspection of the same template and asset, not yet confirmed. */
  carried_over: z.boolean().optional(),
  updated_at: z.string().optional(),
  updated_by: z.string().optional(),
});
export type StoredAnswer = z.infer<typeof StoredAnswerSchema>;

/** What the inspection screen opens with: the inspection, the pinned version's document and its answers. */
export const InspectionDetailSchema = InspectionSchema.extend({
  /** The pinned template version's document (`@vigil/checklist`'s TemplateDocument). */
  document: z.unknown(),
  answers: z.record(z.string(), StoredAnswerSchema),
  /** Repeat instance ids per repeatable item id (absent: the one default instance). */
  instances: z.record(z.string(), z.array(z.string())),
  /** Grows by one with every save that changed something. */
  revision: z.number().int(),
  /** What the caller may do: answer (their own open inspection, or a manager's edit), manage (archive, delete). */
  can: z.object({ answer: z.boolean(), manage: z.boolean() }),
});
export type InspectionDetail = z.infer<typeof InspectionDetailSchema>;

const MediaEntrySchema = z.object({
  id: z.string().min(1).max(ITEM_ID_MAX),
  url: z.string().min(1).max(2_000),
  name: z.string().max(NAME_MAX).optional(),
  mime: z.string().max(ITEM_ID_MAX).optional(),
});

/** A new answer: the value (checked against the question by the server), its note, files and rating. */
export const AnswerInputSchema = z.strictObject({
  value: z.unknown(),
  note: z.string().max(2_000).nullable().optional(),
  media: z.array(MediaEntrySchema).max(20).optional(),
  rating: z.number().int().min(1).max(5).nullable().optional(),
});
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

/** One changed answer; `answer: null` clears it. */
export const AnswerChangeSchema = z.strictObject({ key: AnswerKeySchema, answer: AnswerInputSchema.nullable() });
export type AnswerChange = z.infer<typeof AnswerChangeSchema>;

/** A repeatable's instances after the change, in order (a removed instance takes its answers with it). */
export const InstancesChangeSchema = z.strictObject({
  repeatable_id: z.string().min(1).max(ITEM_ID_MAX),
  instance_ids: z.array(InstanceIdSchema).max(REPEAT_INSTANCES_MAX),
});

/**
 * A burst of changes, saved whole or not at all. `change_id` is made by the client: sending the
 * same save again (a retry after a lost answer) answers what the first one did and changes nothing.
 */
export const AnswersSaveSchema = z.strictObject({
  change_id: z.uuid({ error: 'validation.invalid' }),
  changes: z.array(AnswerChangeSchema).max(ANSWER_CHANGES_MAX).default([]),
  instances: z.array(InstancesChangeSchema).max(REPEAT_INSTANCES_MAX).default([]),
  device_id: z.string().max(ITEM_ID_MAX).optional(),
});
export type AnswersSave = z.input<typeof AnswersSaveSchema>;

/** A save's answer: the inspection's new totals and state. */
export const AnswersSavedSchema = z.object({
  revision: z.number().int(),
  status: z.enum(INSPECTION_STATUSES),
  score: z.number().nullable(),
  score_points: z.number(),
  max_points: z.number(),
  failed_count: z.number().int(),
  answered_count: z.number().int(),
  saved_at: z.string(),
});
export type AnswersSaved = z.infer<typeof AnswersSavedSchema>;

export const NewInspectionSchema = z.strictObject({
  template_id: z.uuid({ error: 'validation.invalid' }),
  /** The asset inspected: answers the template's asset question. */
  asset_id: z.uuid({ error: 'validation.invalid' }).optional(),
  /**
   * Carry over the answers of the last completed inspection of this template on this asset that the
   * caller may open (`GET /api/inspections/prefill`), each marked `carried_over` until saved again.
   * Needs `asset_id`.
   */
  prefill: z.boolean().optional(),
});
export type NewInspection = z.input<typeof NewInspectionSchema>;

export const StartableTemplatesQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(STARTABLE_TEMPLATES_LIMIT).default(STARTABLE_TEMPLATES_LIMIT),
});
export type StartableTemplatesQuery = z.input<typeof StartableTemplatesQuerySchema>;

/** A template the caller may start: published, neither archived nor deleted. */
export const StartableTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  version_id: z.string(),
  published_at: z.string(),
  /** Whether its first page asks for an asset. */
  contains_asset: z.boolean(),
});
export type StartableTemplate = z.infer<typeof StartableTemplateSchema>;

/** A person question offers at most this many members per search. */
export const INSPECTION_PEOPLE_LIMIT = 20;

export const InspectionPeopleQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(INSPECTION_PEOPLE_LIMIT).default(INSPECTION_PEOPLE_LIMIT),
});
export type InspectionPeopleQuery = z.input<typeof InspectionPeopleQuerySchema>;

/** Bulk delete acts on the list the selection was made in (the archive's filter on archived inspections). */
export const InspectionBulkDeleteSchema = BulkSelectionSchema.and(z.object({ archived: z.boolean().default(false) }));
export type InspectionBulkDelete = z.input<typeof InspectionBulkDeleteSchema>;

/** An uploaded file of an inspection, ready to be placed in an answer's value or media. */
export const InspectionMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type InspectionMedia = z.infer<typeof InspectionMediaSchema>;

export const inspectionEndpoints = defineEndpoints({
  'GET /api/inspections/templates': {
    summary: 'Published templates the caller may start, by title (50 at most)',
    query: StartableTemplatesQuerySchema,
    response: z.array(StartableTemplateSchema),
  },
  'GET /api/inspections/people': {
    summary: 'Active members whose name contains a text (20 at most), for person questions: names only',
    query: InspectionPeopleQuerySchema,
    response: z.array(InspectionPersonSchema),
  },
  'POST /api/inspections/new': {
    summary: "Start an inspection of a template's latest published version",
    body: NewInspectionSchema,
    response: InspectionDetailSchema,
  },
  'GET /api/inspections/list': {
    summary: 'Inspections, paged, sorted and filtered',
    query: ListQuerySchema,
    response: InspectionListSchema,
  },
  'GET /api/inspections/archive': {
    summary: 'Archived inspections, paged, sorted and filtered',
    query: ListQuerySchema,
    response: InspectionListSchema,
  },
  'PUT /api/inspections/bulk-archive': { summary: 'Archive inspections', body: BulkSelectionSchema, response: BulkResultSchema },
  'PUT /api/inspections/bulk-restore': { summary: 'Restore archived inspections', body: BulkSelectionSchema, response: BulkResultSchema },
  'PUT /api/inspections/bulk-delete': {
    summary: 'Delete inspections for good, with their answers and media',
    body: InspectionBulkDeleteSchema,
    response: BulkResultSchema,
  },
  'GET /api/inspections/:id': {
    summary: 'One inspection with its pinned document and answers',
    params: IdParamsSchema,
    response: InspectionDetailSchema,
  },
  'PUT /api/inspections/:id/answers': {
    summary: 'Save a burst of answers (idempotent by change_id), checked against the pinned version',
    params: IdParamsSchema,
    body: AnswersSaveSchema,
    response: AnswersSavedSchema,
  },
  'POST /api/inspections/:id/media': {
    summary: 'Upload a photo, recording, file or signature of an inspection (multipart field `file`, 30 MB at most)',
    params: IdParamsSchema,
    response: InspectionMediaSchema,
  },
  'POST /api/inspections/:id/finish': {
    summary: 'Complete an inspection; 422 INS_ANSWERS_MISSING naming each required answer missing',
    params: IdParamsSchema,
    response: InspectionDetailSchema,
  },
  'PUT /api/inspections/:id/archive': { summary: 'Archive an inspection', params: IdParamsSchema, response: InspectionSchema },
  'PUT /api/inspections/:id/restore': { summary: 'Restore an archived inspection', params: IdParamsSchema, response: InspectionSchema },
  'DELETE /api/inspections/:id': {
    summary: 'Delete an inspection for good, with its answers and media',
    params: IdParamsSchema,
    response: z.null(),
  },
});
