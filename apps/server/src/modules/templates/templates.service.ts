import { randomUUID } from 'node:crypto';
import {
  createTemplateDocument,
  InfoSchema,
  ResponseSetSchema,
  formatMessage,
  getItemType,
  GroupedItemSchema,
  ImageMarkerSchema,
  parseDraft,
  parseWithinBudget,
  prepareForSave,
  RuleSetSchema,
  shapeIssue,
  type TemplateDocument,
  type ValidationIssue,
} from '@vigil/checklist';
import type {
  Language,
  TemplateImportFields,
  NewTemplateBody,
  PlanFeature,
  Template,
  TemplateListEntry,
  TemplateListQuery,
  TemplateOptionsInfo,
  TemplateProblem,
  TemplateSearchEntry,
  SaveTemplateResult,
  TemplateVersionInfo,
} from '@vigil/contracts';
import { FEATURE_REQUIRED_PLAN, LANGUAGES, TEMPLATE_LIST_FIELDS } from '@vigil/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { templates } from '../../db/schema/index.ts';
import { translator } from '../../platform/i18n/index.ts';
import { compileListQuery, paginationOf, type ListSpec } from '../../platform/list-query/index.ts';
import { z } from 'zod';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { AppError, checklistFieldErrors, checklistMessage, notFound, validationFailed, type FieldMessages } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { buildImportedDocument, type ImportFileRows } from './import.service.ts';
import { folderName, requireFolder } from './folders.service.ts';
import * as repo from './templates.repo.ts';
import { publishedTranslations, type Call } from './translations.service.ts';
import type { FolderRow, TemplateMetaRow, VersionMetaRow } from './templates.repo.ts';

const revisionNotMatch = (revision: number) => new AppError(409, 'CKL_REVISION_NOT_MATCH', 'template.revision_not_match', {}, { revision });

// Shaping -----------------------------------------------------------------------------------------

const iso = (date: Date | string) => (date instanceof Date ? date : new Date(date)).toISOString();

function versionInfo(version: VersionMetaRow | null | undefined): TemplateVersionInfo | null {
  if (!version) return null;
  return {
    version_id: version.id,
    version: version.version,
    version_title: version.title,
    revision: version.revision,
    published_at: iso(version.createdAt),
  };
}

function describeOptions(meta: TemplateMetaRow, version: VersionMetaRow | null): TemplateOptionsInfo {
  return {
    has_draft: meta.hasDraft,
    published: meta.published,
    need_merge_request: meta.needMergeRequest,
    version_title: version?.title ?? null,
    version_id: version?.id ?? null,
    version: version?.version ?? null,
    language: meta.language,
    contains_asset: meta.containsAsset,
    global_type: null,
    revision: meta.revision,
    archived_at: meta.archivedAt ? iso(meta.archivedAt) : null,
  };
}

function describeTemplate(meta: TemplateMetaRow, document: TemplateDocument, version: VersionMetaRow | null): Template {
  return {
    ...document,
    id: meta.id,
    template_id: meta.id,
    title: meta.title,
    description: meta.description,
    revision: meta.revision,
    parent_id: meta.parentId,
    has_draft: meta.hasDraft,
    published: meta.published,
    need_merge_request: meta.needMergeRequest,
    language: meta.language,
    contains_asset: meta.containsAsset,
    has_draft_translations: meta.hasDraftTranslations,
    created_at: iso(meta.createdAt),
    updated_at: iso(meta.updatedAt),
    archived_at: meta.archivedAt ? iso(meta.archivedAt) : null,
    latest_version: versionInfo(version),
  };
}

const containsAsset = (document: TemplateDocument) => document.items.some((item) => item.type === 'asset' || item.type === 'asset_field');

/** What the draft is stored as: bookkeeping fields live in columns, not in the document. */
function storedDocument(document: TemplateDocument): TemplateDocument {
  const { id: _id, template_id: _templateId, ...rest } = prepareForSave(document);
  return { ...rest, revision: 0, has_draft: true, published: false, need_merge_request: false };
}

/** Plan features a document uses (spec 2 §4): item types, rules, image markers, repeatables. */
function featuresUsedBy(document: TemplateDocument): Set<PlanFeature> {
  const used = new Set<PlanFeature>();
  for (const item of document.items) {
    for (const feature of getItemType(item.type).features) used.add(feature);
    if (item.options.repeatable === true || item.type === 'repeating_group') used.add('ckl_item_repeater');
  }
  if (document.rule_sets.length > 0) used.add('ckl_rule');
  if (document.image_markers.length > 0) used.add('ckl_image_marker');
  return used;
}

function requireFeatures(document: TemplateDocument, features: Record<string, boolean>): void {
  for (const feature of featuresUsedBy(document)) {
    if (features[feature] === false) {
      throw new AppError(
        403,
        'PLAN_FEATURE_REQUIRED',
        'error.feature_required',
        { feature, plan: FEATURE_REQUIRED_PLAN[feature] },
        {
          feature,
          required_plan: FEATURE_REQUIRED_PLAN[feature],
        },
      );
    }
  }
}

async function latestVersionOf(ctx: TenantContext, meta: TemplateMetaRow): Promise<VersionMetaRow | null> {
  return meta.latestVersionId ? repo.findVersionMeta(ctx, meta.latestVersionId) : null;
}

// Templates ---------------------------------------------------------------------------------------

const folderEntry = (folder: FolderRow, depth: number): TemplateListEntry => ({
  id: folder.id,
  title: folder.name,
  description: null,
  is_template: false,
  revision: 0,
  options: { has_draft: false, published: false, version_id: null, version_title: null },
  parent_id: folder.parentId,
  created_at: iso(folder.createdAt),
  updated_at: iso(folder.updatedAt),
  depth,
  template_id: null,
  language: 'en',
  contains_asset: false,
  has_draft_translations: false,
  archived_at: null,
  children: [],
});

const templateEntry = (meta: TemplateMetaRow, version: VersionMetaRow | undefined, depth: number): TemplateListEntry => ({
  id: meta.id,
  title: meta.title,
  description: meta.description,
  is_template: true,
  revision: meta.revision,
  options: { has_draft: meta.hasDraft, published: meta.published, version_id: version?.id ?? null, version_title: version?.title ?? null },
  parent_id: meta.parentId,
  created_at: iso(meta.createdAt),
  updated_at: iso(meta.updatedAt),
  depth,
  template_id: meta.id,
  language: meta.language,
  contains_asset: meta.containsAsset,
  has_draft_translations: meta.hasDraftTranslations,
  archived_at: meta.archivedAt ? iso(meta.archivedAt) : null,
  children: [],
});

/**
 * Folders and templates as a tree, paged by top-level entry. Folders come first (by name), then
 * templates in the requested order, at every level. With a filter (or for archived
 * templates) only the matching templates and the folders leading to them are shown.
 */
const TEMPLATE_LIST_SPEC: ListSpec = {
  columns: {
    title: { expr: sql`lower(${templates.title})`, type: 'text' },
    description: { expr: templates.description, type: 'text', sortable: false },
    created_at: { expr: templates.createdAt, type: 'date' },
    updated_at: { expr: templates.updatedAt, type: 'date' },
    published: { expr: templates.published, type: 'switch' },
    has_draft: { expr: templates.hasDraft, type: 'switch' },
    language: { expr: templates.language, type: 'select', options: LANGUAGES },
    parent_id: { expr: templates.parentId, type: 'tree', values: 'uuid', sortable: false },
  } satisfies Record<(typeof TEMPLATE_LIST_FIELDS)[number], ListSpec['columns'][string]>,
  defaultSort: [{ field: 'title', direction: 'asc' }],
  tieBreaker: templates.id,
};

/**
 * One page of the list, paged in SQL (issue 12.11): the top-level entries are the top-level folders
 * (with a filter, those leading to a listed template) followed by the listed templates in no folder,
 * so a page takes its folders first and its templates from where the folders end; only the folders on
 * the page are walked down and only the templates under them read. What a page costs depends on the
 * page, not on how many templates the workspace holds (the two counts aside).
 */
export async function listTemplates(ctx: TenantContext, query: TemplateListQuery) {
  const compiled = compileListQuery(TEMPLATE_LIST_SPEC, query);
  const filter: repo.TemplateListFilter = { archived: query.archived === '1', where: compiled.where };
  const narrowedTo = filter.archived || filter.where !== undefined ? filter : null;
  const [folderTotal, templateTotal] = [await repo.countTopFolders(ctx, narrowedTo), await repo.countRootTemplates(ctx, filter)];
  const folders = compiled.offset < folderTotal ? await repo.listTopFolders(ctx, narrowedTo, compiled) : [];
  const templateSlots = compiled.limit - folders.length;
  const rootTemplates =
    templateSlots > 0
      ? await repo.listRootTemplates(ctx, filter, {
          orderBy: compiled.orderBy,
          limit: templateSlots,
          offset: Math.max(0, compiled.offset - folderTotal),
        })
      : [];
  const subtrees = await folderSubtrees(ctx, folders, filter, narrowedTo !== null, compiled.orderBy);
  const metas = [...rootTemplates, ...[...subtrees.templates.values()].flat()];
  const versions = new Map(
    (
      await repo.findVersionMetas(
        ctx,
        metas.flatMap((meta) => (meta.latestVersionId ? [meta.latestVersionId] : [])),
      )
    ).map((v) => [v.id, v]),
  );
  const entry = (meta: TemplateMetaRow, depth: number) =>
    templateEntry(meta, meta.latestVersionId ? versions.get(meta.latestVersionId) : undefined, depth);
  const build = (folder: FolderRow, depth: number, seen: Set<string>): TemplateListEntry => ({
    ...folderEntry(folder, depth),
    children: [
      ...(subtrees.folders.get(folder.id) ?? [])
        .filter((child) => !seen.has(child.id))
        .map((child) => build(child, depth + 1, new Set([...seen, child.id]))),
      ...(subtrees.templates.get(folder.id) ?? []).map((meta) => entry(meta, depth + 1)),
    ],
  });
  return {
    list: [...folders.map((folder) => build(folder, 0, new Set([folder.id]))), ...rootTemplates.map((meta) => entry(meta, 0))],
    pagination: paginationOf(folderTotal + templateTotal, query.limit, query.page),
  };
}

/**
 * What lies under the page's folders: their subfolders by parent, and the listed templates in them in
 * the list's order. With a filter, only subfolders leading to a listed template are kept.
 */
async function folderSubtrees(ctx: TenantContext, tops: FolderRow[], filter: repo.TemplateListFilter, narrowed: boolean, orderBy: SQL[]) {
  const all = await repo.listFolderTrees(
    ctx,
    tops.map((folder) => folder.id),
  );
  const templatesUnder = await repo.listTemplatesIn(
    ctx,
    filter,
    all.map((folder) => folder.id),
    orderBy,
  );
  const shown = new Set(narrowed ? [] : all.map((folder) => folder.id));
  if (narrowed) {
    const parentOf = new Map(all.map((folder) => [folder.id, folder.parentId]));
    for (const meta of templatesUnder) {
      for (let id = meta.parentId; id && !shown.has(id); id = parentOf.get(id) ?? null) shown.add(id);
    }
  }
  return {
    folders: groupBy(
      all.filter((folder) => shown.has(folder.id)),
      (folder) => folder.parentId,
    ),
    templates: groupBy(templatesUnder, (meta) => meta.parentId),
  };
}

/** Rows by a key, each group in the rows' order; rows without a key are left out. */
function groupBy<Row>(rows: Row[], keyOf: (row: Row) => string | null): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export async function getTemplate(ctx: TenantContext, id: string): Promise<Template> {
  const row = await repo.findTemplate(ctx, id);
  if (!row) throw notFound();
  const { document, ...meta } = row;
  return describeTemplate(meta, document, await latestVersionOf(ctx, meta));
}

export async function getTemplateOptions(ctx: TenantContext, id: string): Promise<TemplateOptionsInfo> {
  const meta = await repo.findTemplateMeta(ctx, id);
  if (!meta) throw notFound();
  return describeOptions(meta, await latestVersionOf(ctx, meta));
}

/** The new template's one page, titled in the template's language (the domain names it in English). */
function titleFirstPage(document: TemplateDocument, language: Language): TemplateDocument {
  const title = translator(language)('template.first_page');
  return { ...document, items: document.items.map((item) => (item.type === 'page' ? { ...item, title } : item)) };
}

export async function createTemplate(ctx: TenantContext, body: NewTemplateBody, ip: string): Promise<Template> {
  const parentId = await requireFolder(ctx, body.parent_id);
  const language = body.language ?? 'en';
  const document = titleFirstPage(createTemplateDocument({ title: body.title, description: body.description ?? null, language }), language);
  const meta = await repo.insertTemplate(ctx, {
    parentId,
    title: body.title,
    description: body.description ?? null,
    language,
    document: storedDocument(document),
    containsAsset: false,
  });
  await recordActivity(ctx, {
    type: 'template.created',
    objectType: 'template',
    objectId: meta.id,
    after: { title: meta.title, folder: await folderName(ctx, parentId), language },
    ip,
  });
  return describeTemplate(meta, storedDocument(document), null);
}

const problemOf = (entry: ValidationIssue, locale: Language): TemplateProblem => ({
  item_id: entry.item_id ?? null,
  path: entry.path,
  code: entry.code,
  params: entry.params,
  message: formatMessage(entry.code, entry.params, locale),
});

/**
 * Autosave (spec 2 §4, §7): the full document and the revision it was edited from. A draft is work
 * in progress: it is stored with its problems (an empty formula, a dangling reference...), which the
 * answer names; only a structurally broken document (`parseDraft`) is refused with field messages.
 * The revision check and the write are one statement, so of concurrent saves from one revision
 * exactly one wins.
 */
export async function saveTemplate(
  ctx: TenantContext,
  id: string,
  body: { revision: number } & Record<string, unknown>,
  features: Record<string, boolean>,
  call: Call,
): Promise<SaveTemplateResult> {
  const { revision, ...raw } = body;
  const parsed = parseDraft(raw);
  if (!parsed.ok) throw validationFailed(checklistFieldErrors(parsed.issues));
  const document = parsed.document;
  requireFeatures(document, features);
  const title = document.title.trim();
  const saved = await repo.saveDraftIfRevision(ctx, id, revision, {
    title,
    description: document.description,
    document: storedDocument(document),
    containsAsset: containsAsset(document),
  });
  if (saved) {
    // Revisions, not documents: an autosave every few seconds must not copy the template into the log.
    const renamed = saved.previousTitle !== title;
    await recordActivity(ctx, {
      type: 'template.saved',
      objectType: 'template',
      objectId: id,
      before: { revision, ...(renamed ? { title: saved.previousTitle } : {}) },
      after: { revision: saved.revision, ...(renamed ? { title } : {}) },
      ip: call.ip,
    });
    return {
      revision: saved.revision,
      updated_at: iso(saved.updatedAt),
      problems: parsed.problems.map((entry) => problemOf(entry, call.locale)),
    };
  }
  const current = await repo.findTemplateMeta(ctx, id);
  if (!current) throw notFound();
  throw revisionNotMatch(current.revision);
}

/**
 * Publishes the draft at `revision` as the next immutable version. A draft with problems is refused
 * with 422 CKL_TEMPLATE_HAS_PROBLEMS and the problems as field messages: inspections need a valid
 * document.
 */
export async function publishTemplate(ctx: TenantContext, id: string, revision: number, call: Call) {
  const ip = call.ip;
  const meta = await repo.findTemplateMeta(ctx, id, true);
  if (!meta) throw notFound();
  if (meta.revision !== revision) throw revisionNotMatch(meta.revision);
  const row = await repo.findTemplate(ctx, id);
  if (!row) throw notFound();
  const checked = parseDraft({ ...row.document, title: meta.title });
  const problems = checked.ok ? checked.problems : checked.issues;
  if (problems.length > 0) {
    throw new AppError(422, 'CKL_TEMPLATE_HAS_PROBLEMS', 'template.has_problems', {}, undefined, checklistFieldErrors(problems));
  }
  const version = await repo.insertVersion(ctx, {
    templateId: id,
    version: await repo.nextVersionNumber(ctx, id),
    title: meta.title,
    revision,
    document: {
      ...row.document,
      title: meta.title,
      language: meta.language,
      translations: publishedTranslations(row.document.translations ?? []),
    },
  });
  const marked = await repo.markPublishedIfRevision(ctx, id, revision, version.id);
  if (!marked) throw revisionNotMatch(meta.revision);
  await repo.setTranslations(ctx, id, publishedTranslations(row.document.translations ?? []), false);
  await recordActivity(ctx, {
    type: 'template.published',
    objectType: 'template',
    objectId: id,
    after: { version: version.version },
    ip,
  });
  return { ...versionInfo(version)!, revision: marked.revision };
}

/** Deleted templates leave every list and call; their published versions are kept (see softDeleteTemplate). */
export async function deleteTemplate(ctx: TenantContext, id: string, ip: string): Promise<void> {
  const before = await repo.findTemplateMeta(ctx, id, true);
  if (!before || !(await repo.softDeleteTemplate(ctx, id))) throw notFound();
  await recordActivity(ctx, {
    type: 'template.deleted',
    objectType: 'template',
    objectId: id,
    objectName: before.title,
    before: { title: before.title, folder: await folderName(ctx, before.parentId) },
    ip,
  });
}

export async function moveTemplate(ctx: TenantContext, id: string, parentId: string | null | undefined, ip: string) {
  const before = await repo.findTemplateMeta(ctx, id);
  if (!before) throw notFound();
  const folder = await requireFolder(ctx, parentId);
  const meta = await repo.updateTemplateMeta(ctx, id, { parentId: folder });
  if (!meta) throw notFound();
  await recordActivity(ctx, {
    type: 'template.moved',
    objectType: 'template',
    objectId: id,
    before: { folder: await folderName(ctx, before.parentId) },
    after: { folder: await folderName(ctx, folder) },
    ip,
  });
  return templateEntry(meta, undefined, 0);
}

export async function setArchived(ctx: TenantContext, id: string, archived: boolean, ip: string) {
  if (!(await repo.findTemplateMeta(ctx, id))) throw notFound();
  const meta = await repo.updateTemplateMeta(ctx, id, { archivedAt: archived ? new Date() : null });
  if (!meta) throw notFound();
  await recordActivity(ctx, { type: archived ? 'template.archived' : 'template.restored', objectType: 'template', objectId: id, ip });
  return describeOptions(meta, await latestVersionOf(ctx, meta));
}

/** A new draft template from the source's draft, in the given folder. */
export async function cloneTemplate(
  ctx: TenantContext,
  id: string,
  body: { parent_id?: string | null; title?: string },
  ip: string,
): Promise<Template> {
  const source = await repo.findTemplate(ctx, id);
  if (!source) throw notFound();
  const parentId = body.parent_id === undefined ? source.parentId : await requireFolder(ctx, body.parent_id);
  const title = body.title ?? `${source.title} (copy)`.slice(0, 255);
  const document = { ...source.document, title };
  const meta = await repo.insertTemplate(ctx, {
    parentId,
    title,
    description: source.description,
    language: source.language,
    document,
    containsAsset: source.containsAsset,
  });
  await recordActivity(ctx, {
    type: 'template.cloned',
    objectType: 'template',
    objectId: meta.id,
    after: { source: source.title, title, folder: await folderName(ctx, parentId) },
    ip,
  });
  return describeTemplate(meta, document, null);
}

/** Template language (set-language): metadata, so it changes neither the revision nor the draft flags. */
export async function setLanguage(ctx: TenantContext, id: string, language: string, ip: string) {
  const before = await repo.findTemplateMeta(ctx, id);
  if (!before) throw notFound();
  const meta = await repo.updateTemplateLanguage(ctx, id, language);
  if (!meta) throw notFound();
  await recordActivity(ctx, {
    type: 'template.language_set',
    objectType: 'template',
    objectId: id,
    before: { language: before.language },
    after: { language },
    ip,
  });
  return { language: meta.language, revision: meta.revision };
}

const searchEntry = (meta: TemplateMetaRow): TemplateSearchEntry => ({
  id: meta.id,
  title: meta.title,
  parent_id: meta.parentId,
  published: meta.published,
  has_draft: meta.hasDraft,
  version_id: meta.latestVersionId,
  language: meta.language,
});

export async function searchTemplates(
  ctx: TenantContext,
  query: { q?: string; parent_id?: string; ids?: string | string[] },
  limit: number,
): Promise<TemplateSearchEntry[]> {
  const ids = query.ids === undefined ? undefined : (Array.isArray(query.ids) ? query.ids : [query.ids]).filter(repo.isUuid);
  if (ids && ids.length === 0) return [];
  const parentId =
    query.parent_id === undefined ? undefined : query.parent_id === '' || query.parent_id === 'null' ? null : query.parent_id;
  if (parentId && !repo.isUuid(parentId)) return [];
  const rows = await repo.searchTemplates(ctx, { q: query.q?.trim() || undefined, parentId, ids, limit });
  return rows.map(searchEntry);
}

/** `GET /checklist/search`: published templates only (what can be inspected), at most 10. */
export async function searchChecklists(ctx: TenantContext, query: { q?: string; limit: number }): Promise<TemplateSearchEntry[]> {
  const rows = await repo.searchTemplates(ctx, { q: query.q?.trim() || undefined, publishedOnly: true, limit: query.limit });
  return rows.map(searchEntry);
}

export async function lastVersionItems(ctx: TenantContext, id: string) {
  if (!(await repo.findTemplateMeta(ctx, id))) throw notFound();
  const version = await repo.findLatestVersion(ctx, id);
  return { version_id: version?.id ?? null, version: version?.version ?? null, items: version?.document.items ?? [] };
}

/**
 * Past items (spec 2 §7): the rule sets, image markers and grouped items of pasted items, checked
 * and normalised by the document schema; the client puts them into its next autosave.
 */
export function checkPastedParts(body: { rules: unknown[]; image_markers: unknown[]; grouped_items: unknown[] }) {
  const schema = z.object({
    rules: z.array(RuleSetSchema),
    image_markers: z.array(ImageMarkerSchema),
    grouped_items: z.array(GroupedItemSchema),
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors: FieldMessages = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      (errors[path] ??= []).push(checklistMessage('CKL_OPTION_INVALID', { option: String(issue.path[issue.path.length - 1] ?? path) }));
    }
    throw validationFailed(errors);
  }
  return parsed.data;
}

// Import ------------------------------------------------------------------------------------------

/**
 * Creates a template from the rows of a CSV or xlsx file (read and checked by the route before the
 * transaction). A file with any row error answers every row's errors and creates nothing; the insert
 * runs in the request's transaction, so a failure leaves nothing behind.
 */
export async function importTemplate(
  ctx: TenantContext,
  rows: ImportFileRows,
  fileName: string,
  fields: TemplateImportFields,
  call: Call,
): Promise<Template> {
  const parentId = await requireFolder(ctx, fields.parent_id);
  const title =
    fields.title ??
    (fileName
      .replace(/\.[^.]*$/, '')
      .trim()
      .slice(0, 255) ||
      'Imported template');
  const language = fields.language ?? 'en';
  const outcome = buildImportedDocument(rows, { title, language }, call.locale);
  if (!outcome.ok) {
    const shown = fields.show_errors_only === '1' ? outcome.rows.filter((row) => row.errors.length > 0) : outcome.rows;
    throw new AppError(
      422,
      'CKL_IMPORT_ROWS_INVALID',
      'template.import_rows_invalid',
      { count: outcome.error_count },
      {
        error_count: outcome.error_count,
        rows: shown,
      },
    );
  }
  const document = storedDocument(outcome.document);
  const meta = await repo.insertTemplate(ctx, {
    parentId,
    title,
    description: null,
    language,
    document,
    containsAsset: containsAsset(document),
  });
  await recordActivity(ctx, {
    type: 'template.imported',
    objectType: 'template',
    objectId: meta.id,
    after: { title, folder: await folderName(ctx, parentId), language, file_name: fileName, rows: rows.length },
    ip: call.ip,
  });
  return describeTemplate(meta, document, null);
}

// Template parts ----------------------------------------------------------------------------------

export const TEMPLATE_PARTS = {
  response: ResponseSetSchema,
  'grouped-item': GroupedItemSchema,
  rules: RuleSetSchema,
  info: InfoSchema,
} as const;
export type TemplatePartKind = keyof typeof TEMPLATE_PARTS;

/**
 * A new part of the template (spec 2 §7 "Template parts"): checked against the document schema and
 * answered with its uuid (kept when the builder gave one). Parts live in the document, so the next
 * autosave stores them; nothing is written here, which keeps the draft's revision untouched.
 */
export async function newTemplatePart(ctx: TenantContext, id: string, kind: TemplatePartKind, body: Record<string, unknown>) {
  if (!(await repo.findTemplateMeta(ctx, id))) throw notFound();
  const input: Record<string, unknown> = { ...body, uuid: typeof body.uuid === 'string' && body.uuid !== '' ? body.uuid : randomUUID() };
  if (kind === 'response' && Array.isArray(input.options)) {
    input.options = input.options.map((option: unknown) =>
      option && typeof option === 'object' && !('uuid' in option) ? { ...option, uuid: randomUUID() } : option,
    );
  }
  const parsed = parseWithinBudget(TEMPLATE_PARTS[kind], input);
  if (!parsed.success) throw validationFailed(checklistFieldErrors(parsed.error.issues.map(shapeIssue)));
  if (kind === 'rules' && (parsed.data as { rules: unknown[] }).rules.length === 0) {
    throw validationFailed({ rules: [checklistMessage('CKL_RULE_SET_NO_RULES')] });
  }
  return parsed.data as { uuid: string } & Record<string, unknown>;
}
