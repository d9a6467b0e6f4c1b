import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { FileAnswerSchema, StoredFileQuerySchema } from './files.ts';
import { InspectionAssetSchema, INSPECTION_STATUSES, InspectionSchema, StoredAnswerSchema } from './inspections.ts';

/**
 * The inspection report (spec 3 §2 `/inspections/{id}/view-report`, issue 15): what the report view
 * shows, the history of edits after completion, share links for people without an account, the PDF
 * made from the report's own print view, and the pre-fill of a new inspection from the last one.
 * The decisions are in docs/inspections.md "Report".
 */

/** A share link's secret: the workspace's id (22 base64url characters) then 32 random bytes (43). */
export const SHARE_TOKEN_LENGTH = 65;
/** Open share links (neither revoked nor expired) one inspection may have at once. */
export const SHARES_PER_INSPECTION_MAX = 20;
/** The history answers at most this many edits a page. */
export const HISTORY_PAGE_MAX = 500;
/** A finished PDF is kept this long, then removed with its file. */
export const PDF_KEPT_HOURS = 24;

/**
 * The web app's print view of a report, which the PDF job opens: `/shared/inspections/{token}?print=1`,
 * with `lang` (en, fr, de, ar) and `tz` (an IANA time zone) for the language and dates. It sets
 * `data-report-ready="true"` on the `<html>` element once the report and its pictures are laid out (or
 * `"error"` when it could not load the report); the job prints it then.
 */
export const REPORT_READY_ATTRIBUTE = 'data-report-ready';
export const sharedReportPath = (token: string) => `/shared/inspections/${token}`;

const IdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
/** A token is checked by the server (anything else answers 404, as an unknown token does). */
const TokenSchema = z.string().min(1).max(200);
const TokenParamsSchema = z.object({ token: TokenSchema });

// The report ---------------------------------------------------------------------------------------

/** The inspection as the report heads it. People are named, never identified. */
export const ReportSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  /** The pinned template version's number. */
  version: z.number().int(),
  status: z.enum(INSPECTION_STATUSES),
  asset: InspectionAssetSchema.nullable(),
  auditor_name: z.string().nullable(),
  completed_by_name: z.string().nullable(),
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
  /** Grows with every save that changed something: a PDF names the revision it shows. */
  revision: z.number().int(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/**
 * One answer as the report shows it: the stored answer without the id of who gave it, and their name.
 * File URLs are ones the reader may open: `/storage/…` for members, the share's media call in a share.
 */
export const ReportAnswerSchema = StoredAnswerSchema.omit({ updated_by: true }).extend({
  answered_by: z.string().nullable(),
});
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

/** What the evaluation of the pinned document gives an item (a question's points, a calculation's value). */
export const ReportItemStateSchema = z.object({
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  failed: z.boolean(),
  /** The computed value of an item the inspector does not answer (calculation, constant, counter); absent otherwise. */
  value: z.unknown().optional(),
});

export const ReportBrandingSchema = z.object({
  /** The workspace's display name (app settings `display_name`). */
  display_name: z.string(),
  /** Its logo (app settings `logo`), as a URL the reader may open; null without one. */
  logo_url: z.string().nullable(),
});
export type ReportBranding = z.infer<typeof ReportBrandingSchema>;

export const InspectionReportSchema = z.object({
  inspection: ReportSummarySchema,
  /** The pinned template version's document (`@vigil/checklist`'s TemplateDocument), as the detail answers it. */
  document: z.unknown(),
  /** The keys the report shows, in document order (pages and sections included, each repeat instance's items in turn): hidden items and items excluded from the report are left out. */
  shown: z.array(z.string()),
  /** The failed questions among them, in document order ("failed items up front"). */
  failed: z.array(z.string()),
  /** The answers of the shown keys. */
  answers: z.record(z.string(), ReportAnswerSchema),
  /** The evaluated state of the shown keys. */
  states: z.record(z.string(), ReportItemStateSchema),
  /** Repeat instance ids per repeatable item id (absent: the one default instance). */
  instances: z.record(z.string(), z.array(z.string())),
  branding: ReportBrandingSchema,
  /** Whether edits after completion exist (the members' report then offers the history); always false in a share. */
  edited_after_completion: z.boolean(),
});
export type InspectionReport = z.infer<typeof InspectionReportSchema>;

// History ------------------------------------------------------------------------------------------

export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(100),
});
export type HistoryQuery = z.input<typeof HistoryQuerySchema>;

/** An answer as it was before or after an edit (`updated_by` is who gave that version). */
export const HistoryAnswerSchema = StoredAnswerSchema;

/** One answer changed after the inspection was completed. */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  key: z.string(),
  item_id: z.string(),
  /** The repeat instance, null outside a repeatable. */
  instance_id: z.string().nullable(),
  /** The answer before the edit; null when there was none. */
  before: HistoryAnswerSchema.nullable(),
  /** The answer after it; null when it was cleared (or its repeat instance removed). */
  after: HistoryAnswerSchema.nullable(),
  changed_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  changed_at: z.string(),
  /** The inspection's revision the edit made: the entries of one save share it. */
  revision: z.number().int(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = listOf(HistoryEntrySchema);
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

// Shares -------------------------------------------------------------------------------------------

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const NewShareSchema = z.strictObject({
  /** When the link stops working (in the future); null or left out: until it is revoked. */
  expires_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
});
export type NewShare = z.input<typeof NewShareSchema>;

export const ShareSchema = z.object({
  id: z.string(),
  status: z.enum(SHARE_STATUSES),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Share = z.infer<typeof ShareSchema>;

/** A share just made: the only answer that holds its token (the server keeps only its hash). */
export const NewShareAnswerSchema = ShareSchema.extend({
  token: z.string(),
  /** The link to hand out: `PUBLIC_URL/shared/inspections/{token}`. */
  url: z.string(),
});
export type NewShareAnswer = z.infer<typeof NewShareAnswerSchema>;

const ShareParamsSchema = IdParamsSchema.extend({ shareId: z.uuid({ error: 'validation.invalid' }) });

// PDF ----------------------------------------------------------------------------------------------

export const PDF_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type PdfStatus = (typeof PDF_STATUSES)[number];
/** Where a running PDF is: opening the print view, printing it, storing the file. */
export const PDF_STEPS = ['queued', 'loading', 'rendering', 'storing', 'done'] as const;
/** Why a PDF failed, as a message key (`message` holds it in the reader's language). */
export const PDF_FAILURES = ['inspections.pdf_unavailable', 'inspections.pdf_failed'] as const;
export type PdfFailure = (typeof PDF_FAILURES)[number];

export const NewPdfSchema = z.strictObject({
  /** The IANA time zone the report's dates are shown in; a member's own by default, else UTC. */
  time_zone: z.string().min(1).max(64).optional(),
});
export type NewPdf = z.input<typeof NewPdfSchema>;

export const PdfJobSchema = z.object({
  job_id: z.string(),
  status: z.enum(PDF_STATUSES),
  step: z.enum(PDF_STEPS),
  /** 0 to 1. */
  progress: z.number(),
  failure: z.enum(PDF_FAILURES).nullable(),
  /** The failure in the reader's language. */
  message: z.string().nullable(),
  /** The inspection's revision the PDF shows. */
  revision: z.number().int(),
  /** The file once completed. */
  file: z.object({ name: z.string(), size: z.number().int() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When a completed PDF is removed. */
  expires_at: z.string(),
});
export type PdfJob = z.infer<typeof PdfJobSchema>;

const JobParamsSchema = z.object({ jobId: z.uuid({ error: 'validation.invalid' }) });
const SharedJobParamsSchema = TokenParamsSchema.extend({ jobId: TokenSchema });
const SharedMediaParamsSchema = TokenParamsSchema.extend({ fileId: TokenSchema });

// Pre-fill -----------------------------------------------------------------------------------------

export const PrefillQuerySchema = z.object({
  template_id: z.uuid({ error: 'validation.invalid' }),
  asset_id: z.uuid({ error: 'validation.invalid' }),
});
export type PrefillQuery = z.input<typeof PrefillQuerySchema>;

// Calls --------------------------------------------------------------------------------------------

/** The members' calls (inside the caller's workspace). */
export const inspectionReportEndpoints = defineEndpoints({
  'GET /api/inspections/prefill': {
    summary: 'The last completed inspection of a template on an asset that the caller may open (what a new one would carry over), or null',
    query: PrefillQuerySchema,
    response: InspectionSchema.nullable(),
  },
  'GET /api/inspections/:id/report': {
    summary: 'What the report shows: the inspection, its pinned document, the shown answers and their states, the branding',
    params: IdParamsSchema,
    response: InspectionReportSchema,
  },
  'GET /api/inspections/:id/history': {
    summary: 'The answers changed after the inspection was completed, newest first, with their values before and after',
    params: IdParamsSchema,
    query: HistoryQuerySchema,
    response: HistoryPageSchema,
  },
  'GET /api/inspections/:id/shares': {
    summary: "The inspection's share links, newest first (never their tokens)",
    params: IdParamsSchema,
    response: z.array(ShareSchema),
  },
  'POST /api/inspections/:id/shares': {
    summary: 'Make a share link of the report for people without an account; the answer holds its token, shown once',
    params: IdParamsSchema,
    body: NewShareSchema,
    response: NewShareAnswerSchema,
  },
  'DELETE /api/inspections/:id/shares/:shareId': {
    summary: 'Revoke a share link: it answers 404 from now on',
    params: ShareParamsSchema,
    response: ShareSchema,
  },
  'POST /api/inspections/:id/pdf': {
    summary: 'Queue a PDF of the report (made from its print view by Chromium); poll GET /api/inspections/pdf/:jobId',
    params: IdParamsSchema,
    body: NewPdfSchema,
    response: PdfJobSchema,
  },
  'GET /api/inspections/pdf/:jobId': {
    summary: 'A PDF job the caller asked for: its status, step and progress',
    params: JobParamsSchema,
    response: PdfJobSchema,
  },
  'GET /api/inspections/pdf/:jobId/file': {
    summary: 'The finished PDF (a download)',
    params: JobParamsSchema,
    response: FileAnswerSchema,
  },
});

/** The calls of a share link: public, no session; a token revoked, expired or unknown answers 404. */
export const sharedReportEndpoints = defineEndpoints({
  'GET /api/shared/inspections/:token': {
    summary: "A shared inspection's report (the same answer as the members' report, without user ids or the history)",
    params: TokenParamsSchema,
    response: InspectionReportSchema,
  },
  'GET /api/shared/inspections/:token/logo': {
    summary: "The shared report's workspace logo",
    params: TokenParamsSchema,
    response: FileAnswerSchema,
  },
  'GET /api/shared/inspections/:token/media/:fileId': {
    summary:
      "A photo, recording, file or signature of the shared inspection (another inspection's file answers 404; `size=thumb`: a picture as its thumbnail)",
    params: SharedMediaParamsSchema,
    query: StoredFileQuerySchema,
    response: FileAnswerSchema,
  },
  'POST /api/shared/inspections/:token/pdf': {
    summary: 'Queue a PDF of the shared report; poll GET /api/shared/inspections/:token/pdf/:jobId',
    params: TokenParamsSchema,
    body: NewPdfSchema,
    response: PdfJobSchema,
  },
  'GET /api/shared/inspections/:token/pdf/:jobId': {
    summary: 'A PDF job of this share: its status, step and progress',
    params: SharedJobParamsSchema,
    response: PdfJobSchema,
  },
  'GET /api/shared/inspections/:token/pdf/:jobId/file': {
    summary: 'The finished PDF of this share (a download)',
    params: SharedJobParamsSchema,
    response: FileAnswerSchema,
  },
});

export type InspectionReportEndpoints = typeof inspectionReportEndpoints & typeof sharedReportEndpoints;
