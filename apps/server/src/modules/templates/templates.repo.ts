import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TemplateDocument, Translation } from '@vigil/checklist';
import { templateFolders, templates, templateVersions } from '../../db/schema/index.ts';
import { qualified } from '../../platform/db.ts';
import { scoped, scopedStatement, stamped, tenantStatement, type TenantContext } from '../../platform/tenancy.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateMetaRow = Omit<TemplateRow, 'document' | 'deletedAt'>;
export type FolderRow = typeof templateFolders.$inferSelect;
export type VersionRow = typeof templateVersions.$inferSelect;
export type VersionMetaRow = Omit<VersionRow, 'document'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs and bodies; anything that is not a uuid names nothing. */
export const isUuid = (value: string | null | undefined): value is string => typeof value === 'string' && UUID.test(value);

const metaColumns = {
  workspaceId: templates.workspaceId,
  id: templates.id,
  parentId: templates.parentId,
  title: templates.title,
  description: templates.description,
  language: templates.language,
  revision: templates.revision,
  hasDraft: templates.hasDraft,
  needMergeRequest: templates.needMergeRequest,
  published: templates.published,
  containsAsset: templates.containsAsset,
  hasDraftTranslations: templates.hasDraftTranslations,
  latestVersionId: templates.latestVersionId,
  archivedAt: templates.archivedAt,
  createdBy: templates.createdBy,
  updatedBy: templates.updatedBy,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};

const versionMetaColumns = {
  workspaceId: templateVersions.workspaceId,
  id: templateVersions.id,
  templateId: templateVersions.templateId,
  version: templateVersions.version,
  title: templateVersions.title,
  revision: templateVersions.revision,
  publishedBy: templateVersions.publishedBy,
  createdAt: templateVersions.createdAt,
};

// Templates ---------------------------------------------------------------------------------------

/** The workspace's templates that are not deleted: every call of the templates API sees only these. */
const live = (ctx: TenantContext, ...conditions: (SQL | undefined)[]) => scoped(ctx, templates, isNull(templates.deletedAt), ...conditions);

// Reading one template is what opening the builder, its options and most calls do: prepared once.
const liveById = () => scopedStatement(templates, isNull(templates.deletedAt), eq(templates.id, sql.placeholder('id')));
const templateById = tenantStatement('template_by_id', (tx) => tx.select().from(templates).where(liveById()));
const templateMetaById = tenantStatement('template_meta_by_id', (tx) => tx.select(metaColumns).from(templates).where(liveById()));

export async function findTemplate(ctx: TenantContext, id: string, lock = false): Promise<TemplateRow | null> {
  if (!isUuid(id)) return null;
  const [row] = lock
    ? await ctx.tx
        .select()
        .from(templates)
        .where(live(ctx, eq(templates.id, id)))
        .for('update')
    : await templateById(ctx, { id });
  return row ?? null;
}

export async function findTemplateMeta(ctx: TenantContext, id: string, lock = false): Promise<TemplateMetaRow | null> {
  if (!isUuid(id)) return null;
  const [row] = lock
    ? await ctx.tx
        .select(metaColumns)
        .from(templates)
        .where(live(ctx, eq(templates.id, id)))
        .for('update')
    : await templateMetaById(ctx, { id });
  return row ?? null;
}

/** Which templates the list shows: archived or active ones, narrowed by the list's filter (compiled). */
export interface TemplateListFilter {
  archived: boolean;
  where: SQL | undefined;
}

const listed = (ctx: TenantContext, filter: TemplateListFilter, ...conditions: (SQL | undefined)[]) =>
  live(ctx, filter.archived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt), filter.where, ...conditions);

/** Listed templates at the top level (in no folder). */
export async function countRootTemplates(ctx: TenantContext, filter: TemplateListFilter): Promise<number> {
  const [row] = await ctx.tx
    .select({ total: count() })
    .from(templates)
    .where(listed(ctx, filter, isNull(templates.parentId)));
  return Number(row?.total ?? 0);
}

export function listRootTemplates(
  ctx: TenantContext,
  filter: TemplateListFilter,
  page: { orderBy: SQL[]; limit: number; offset: number },
): Promise<TemplateMetaRow[]> {
  return ctx.tx
    .select(metaColumns)
    .from(templates)
    .where(listed(ctx, filter, isNull(templates.parentId)))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

/** Listed templates directly in these folders, in the list's order. */
export function listTemplatesIn(
  ctx: TenantContext,
  filter: TemplateListFilter,
  folderIds: string[],
  orderBy: SQL[],
): Promise<TemplateMetaRow[]> {
  if (folderIds.length === 0) return Promise.resolve([]);
  return ctx.tx
    .select(metaColumns)
    .from(templates)
    .where(listed(ctx, filter, inArray(templates.parentId, folderIds)))
    .orderBy(...orderBy);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface TemplateSearch {
  q?: string;
  parentId?: string | null;
  ids?: string[];
  publishedOnly?: boolean;
  limit: number;
}

export function searchTemplates(ctx: TenantContext, search: TemplateSearch): Promise<TemplateMetaRow[]> {
  return ctx.tx
    .select(metaColumns)
    .from(templates)
    .where(
      live(
        ctx,
        isNull(templates.archivedAt),
        search.q ? ilike(templates.title, `%${escapeLike(search.q)}%`) : undefined,
        search.parentId === undefined
          ? undefined
          : search.parentId === null
            ? isNull(templates.parentId)
            : eq(templates.parentId, search.parentId),
        search.ids ? inArray(templates.id, search.ids) : undefined,
        search.publishedOnly ? eq(templates.published, true) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${templates.title})`), asc(templates.id))
    .limit(search.limit);
}

export interface NewTemplateRow {
  parentId: string | null;
  title: string;
  description: string | null;
  language: string;
  document: TemplateDocument;
  containsAsset: boolean;
}

export async function insertTemplate(ctx: TenantContext, values: NewTemplateRow & { id?: string }): Promise<TemplateMetaRow> {
  const [row] = await ctx.tx
    .insert(templates)
    .values(stamped(ctx, { ...values, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId }))
    .returning(metaColumns);
  return row;
}

export interface DraftUpdate {
  title: string;
  description: string | null;
  document: TemplateDocument;
  containsAsset: boolean;
}

/**
 * Saves a draft only if the stored revision is still `expected`, in one statement: concurrent
 * saves from the same revision give exactly one row back (the others see the new revision once
 * the row lock is released, and match nothing). Null: no such template or another revision.
 */
export async function saveDraftIfRevision(
  ctx: TenantContext,
  id: string,
  expected: number,
  update: DraftUpdate,
): Promise<{ revision: number; updatedAt: Date; previousTitle: string } | null> {
  const { document, ...rest } = update;
  // A subquery in RETURNING reads the statement's snapshot: the row as it was before this update.
  const previous = alias(templates, 'previous');
  const [row] = await ctx.tx
    .update(templates)
    .set({
      ...rest,
      // Translations are edited through the translation calls; a save keeps the stored ones.
      document: sql`jsonb_set(${JSON.stringify(document)}::jsonb, '{translations}', coalesce(${templates.document} -> 'translations', '[]'::jsonb))`,
      revision: sql`${templates.revision} + 1`,
      hasDraft: true,
      needMergeRequest: false,
      updatedBy: ctx.actor.userId,
      updatedAt: sql`now()`,
    })
    .where(live(ctx, eq(templates.id, id), eq(templates.revision, expected)))
    .returning({
      revision: templates.revision,
      updatedAt: templates.updatedAt,
      previousTitle: sql<string>`(${ctx.tx
        .select({ title: previous.title })
        .from(previous)
        .where(scoped(ctx, previous, eq(previous.id, id)))})`,
    });
  return row ?? null;
}

/** Marks the template published from `expected` (locking its row), or null when the revision moved on. */
export async function markPublishedIfRevision(
  ctx: TenantContext,
  id: string,
  expected: number,
  versionId: string,
): Promise<{ revision: number } | null> {
  const [row] = await ctx.tx
    .update(templates)
    .set({
      published: true,
      hasDraft: false,
      needMergeRequest: false,
      latestVersionId: versionId,
      updatedAt: sql`now()`,
      updatedBy: ctx.actor.userId,
    })
    .where(live(ctx, eq(templates.id, id), eq(templates.revision, expected)))
    .returning({ revision: templates.revision });
  return row ?? null;
}

export async function updateTemplateMeta(
  ctx: TenantContext,
  id: string,
  values: Partial<Pick<TemplateRow, 'parentId' | 'archivedAt'>>,
): Promise<TemplateMetaRow | null> {
  const [row] = await ctx.tx
    .update(templates)
    .set({ ...values, updatedAt: sql`now()`, updatedBy: ctx.actor.userId })
    .where(live(ctx, eq(templates.id, id)))
    .returning(metaColumns);
  return row ?? null;
}

/** Replaces the draft's translations without touching its revision (the builder's saves keep them). */
export async function setTranslations(
  ctx: TenantContext,
  id: string,
  translations: Translation[],
  hasDraftTranslations: boolean,
): Promise<boolean> {
  const rows = await ctx.tx
    .update(templates)
    .set({
      document: sql`jsonb_set(${templates.document}, '{translations}', ${JSON.stringify(translations)}::jsonb)`,
      hasDraftTranslations,
      updatedAt: sql`now()`,
      updatedBy: ctx.actor.userId,
    })
    .where(live(ctx, eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length > 0;
}

export async function updateTemplateLanguage(ctx: TenantContext, id: string, language: string): Promise<TemplateMetaRow | null> {
  const [row] = await ctx.tx
    .update(templates)
    .set({ language, updatedAt: sql`now()`, updatedBy: ctx.actor.userId })
    .where(live(ctx, eq(templates.id, id)))
    .returning(metaColumns);
  return row ?? null;
}

/**
 * Deletes a template but keeps its row, so that its published versions (which inspections pin)
 * stay readable. It leaves its folder, which can then be deleted.
 */
export async function softDeleteTemplate(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.tx
    .update(templates)
    .set({ deletedAt: sql`now()`, parentId: null, updatedAt: sql`now()`, updatedBy: ctx.actor.userId })
    .where(live(ctx, eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length > 0;
}

// Versions ----------------------------------------------------------------------------------------

export async function nextVersionNumber(ctx: TenantContext, templateId: string): Promise<number> {
  const [row] = await ctx.tx
    .select({ last: max(templateVersions.version) })
    .from(templateVersions)
    .where(scoped(ctx, templateVersions, eq(templateVersions.templateId, templateId)));
  return Number(row?.last ?? 0) + 1;
}

export async function insertVersion(
  ctx: TenantContext,
  values: { templateId: string; version: number; title: string; revision: number; document: TemplateDocument },
): Promise<VersionMetaRow> {
  const [row] = await ctx.tx
    .insert(templateVersions)
    .values(stamped(ctx, { ...values, publishedBy: ctx.actor.userId }))
    .returning(versionMetaColumns);
  return row;
}

const versionMetaById = tenantStatement('template_version_meta_by_id', (tx) =>
  tx
    .select(versionMetaColumns)
    .from(templateVersions)
    .where(scopedStatement(templateVersions, eq(templateVersions.id, sql.placeholder('id')))),
);

export async function findVersionMeta(ctx: TenantContext, id: string): Promise<VersionMetaRow | null> {
  const [row] = await versionMetaById(ctx, { id });
  return row ?? null;
}

export async function findVersionMetas(ctx: TenantContext, ids: string[]): Promise<VersionMetaRow[]> {
  if (ids.length === 0) return [];
  return ctx.tx
    .select(versionMetaColumns)
    .from(templateVersions)
    .where(scoped(ctx, templateVersions, inArray(templateVersions.id, ids)));
}

export async function findLatestVersion(ctx: TenantContext, templateId: string): Promise<VersionRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(templateVersions)
    .where(scoped(ctx, templateVersions, eq(templateVersions.templateId, templateId)))
    .orderBy(desc(templateVersions.version))
    .limit(1);
  return row ?? null;
}

// Folders -----------------------------------------------------------------------------------------

const byName = [asc(sql`lower(${templateFolders.name})`), asc(templateFolders.id)];

export function listFolders(ctx: TenantContext): Promise<FolderRow[]> {
  return ctx.tx
    .select()
    .from(templateFolders)
    .where(scoped(ctx, templateFolders))
    .orderBy(...byName);
}

const descendant = alias(templateFolders, 'descendant');
/** `descendant` in a FROM clause of raw SQL (an alias renders as its bare name there). */
const descendantTable = sql`${templateFolders} as ${sql.identifier('descendant')}`;

/**
 * The top-level folders holding a listed template at any depth: each folder is walked down from its
 * top-level ancestor (UNION, not UNION ALL, so a cycle cannot loop), and a folder is kept if a
 * listed template sits anywhere under it. `parent_id is not null` lets PostgreSQL read only the
 * templates in folders through templates_parent_idx rather than every template of the workspace.
 */
function topFoldersWithListed(ctx: TenantContext, filter: TemplateListFilter): SQL {
  return sql`(with recursive tree(id, top_id) as (
      select ${templateFolders.id}, ${templateFolders.id} from ${templateFolders}
      where ${scoped(ctx, templateFolders, isNull(templateFolders.parentId))}
      union
      select ${descendant.id}, tree.top_id from ${descendantTable} join tree on ${descendant.parentId} = tree.id
      where ${scoped(ctx, descendant)}
    )
    select tree.top_id from tree join ${templates} on ${templates.parentId} = tree.id
    where ${listed(ctx, filter, isNotNull(templates.parentId))})`;
}

/** Top-level folders of the list: all of them, or with a filter only those leading to a listed template. */
function topFolders(ctx: TenantContext, narrowedTo: TemplateListFilter | null): SQL {
  return scoped(
    ctx,
    templateFolders,
    isNull(templateFolders.parentId),
    narrowedTo ? sql`${templateFolders.id} in ${topFoldersWithListed(ctx, narrowedTo)}` : undefined,
  );
}

export async function countTopFolders(ctx: TenantContext, narrowedTo: TemplateListFilter | null): Promise<number> {
  const [row] = await ctx.tx.select({ total: count() }).from(templateFolders).where(topFolders(ctx, narrowedTo));
  return Number(row?.total ?? 0);
}

export function listTopFolders(
  ctx: TenantContext,
  narrowedTo: TemplateListFilter | null,
  page: { limit: number; offset: number },
): Promise<FolderRow[]> {
  return ctx.tx
    .select()
    .from(templateFolders)
    .where(topFolders(ctx, narrowedTo))
    .orderBy(...byName)
    .limit(page.limit)
    .offset(page.offset);
}

/** These folders and every folder under them, by name. */
export function listFolderTrees(ctx: TenantContext, ids: string[]): Promise<FolderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const under = sql`(with recursive tree(id) as (
      select ${descendant.id} from ${descendantTable} where ${scoped(ctx, descendant, inArray(descendant.id, ids))}
      union
      select ${descendant.id} from ${descendantTable} join tree on ${descendant.parentId} = tree.id where ${scoped(ctx, descendant)}
    )
    select id from tree)`;
  return ctx.tx
    .select()
    .from(templateFolders)
    .where(scoped(ctx, templateFolders, sql`${templateFolders.id} in ${under}`))
    .orderBy(...byName);
}

export async function findFolder(ctx: TenantContext, id: string): Promise<FolderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.tx
    .select()
    .from(templateFolders)
    .where(scoped(ctx, templateFolders, eq(templateFolders.id, id)));
  return row ?? null;
}

export async function insertFolder(ctx: TenantContext, values: { name: string; parentId: string | null }): Promise<FolderRow> {
  const [row] = await ctx.tx
    .insert(templateFolders)
    .values(stamped(ctx, { ...values, createdBy: ctx.actor.userId }))
    .returning();
  return row;
}

export async function updateFolder(
  ctx: TenantContext,
  id: string,
  values: { name?: string; parentId?: string | null },
): Promise<FolderRow | null> {
  const [row] = await ctx.tx
    .update(templateFolders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scoped(ctx, templateFolders, eq(templateFolders.id, id)))
    .returning();
  return row ?? null;
}

/** Whether a folder holds anything: subfolders or templates (archived ones included). */
export async function folderHasContent(ctx: TenantContext, id: string): Promise<boolean> {
  const [child] = await ctx.tx
    .select({ id: templateFolders.id })
    .from(templateFolders)
    .where(scoped(ctx, templateFolders, eq(templateFolders.parentId, id)))
    .limit(1);
  if (child) return true;
  const [template] = await ctx.tx
    .select({ id: templates.id })
    .from(templates)
    .where(live(ctx, eq(templates.parentId, id)))
    .limit(1);
  return Boolean(template);
}

export async function deleteFolder(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.tx
    .delete(templateFolders)
    .where(and(scoped(ctx, templateFolders, eq(templateFolders.id, id))))
    .returning({ id: templateFolders.id });
  return rows.length > 0;
}

// Startable versions (for inspections) ------------------------------------------------------------

/** A template that can be started: live, not archived, published; its latest version joined. */
const startable = (ctx: TenantContext, ...conditions: (SQL | undefined)[]) =>
  live(ctx, isNull(templates.archivedAt), eq(templates.published, true), isNotNull(templates.latestVersionId), ...conditions);

const latestVersionJoin = and(eq(templateVersions.workspaceId, templates.workspaceId), eq(templateVersions.id, templates.latestVersionId));

/** Whether a version's document holds an asset question (the start page is the only place one can be). */
const versionAsksForAsset = sql<boolean>`jsonb_path_exists(${templateVersions.document}, '$.items[*] ? (@.type == "asset")')`;

export interface StartableVersionRow {
  templateId: string;
  versionId: string;
  version: number;
  title: string;
  publishedAt: Date;
}

const startableColumns = {
  templateId: templates.id,
  versionId: templateVersions.id,
  version: templateVersions.version,
  title: templateVersions.title,
  publishedAt: templateVersions.createdAt,
};

/** The latest published version of a template that can be started, or null. */
export async function findStartableVersion(ctx: TenantContext, templateId: string): Promise<StartableVersionRow | null> {
  if (!isUuid(templateId)) return null;
  const [row] = await ctx.tx
    .select(startableColumns)
    .from(templates)
    .innerJoin(templateVersions, latestVersionJoin)
    .where(startable(ctx, eq(templates.id, templateId)));
  return row ?? null;
}

/** Templates that can be started, by title, with whether their latest version asks for an asset. */
export function searchStartableVersions(
  ctx: TenantContext,
  search: { q?: string; limit: number },
): Promise<(StartableVersionRow & { containsAsset: boolean })[]> {
  return ctx.tx
    .select({ ...startableColumns, containsAsset: versionAsksForAsset })
    .from(templates)
    .innerJoin(templateVersions, latestVersionJoin)
    .where(startable(ctx, search.q ? ilike(templates.title, `%${escapeLike(search.q)}%`) : undefined))
    .orderBy(asc(sql`lower(${templates.title})`), asc(templates.id))
    .limit(search.limit);
}

const versionDocumentById = tenantStatement('template_version_document_by_id', (tx) =>
  tx
    .select({ document: templateVersions.document })
    .from(templateVersions)
    .where(scopedStatement(templateVersions, eq(templateVersions.id, sql.placeholder('id')))),
);

/** A published version's document (versions are immutable), or null for an id not of this workspace. */
export async function findVersionDocument(ctx: TenantContext, id: string): Promise<TemplateDocument | null> {
  if (!isUuid(id)) return null;
  const [row] = await versionDocumentById(ctx, { id });
  return row?.document ?? null;
}

/**
 * For another module's query: the version number of the version its `versionColumn` names (in the
 * row's workspace, `workspaceColumn`). The versions table stays this module's.
 */
export function versionNumberOf(workspaceColumn: AnyPgColumn, versionColumn: AnyPgColumn): SQL<number> {
  // Every column written with its table: in a select's fields Drizzle leaves columns unqualified.
  return sql<number>`(select ${qualified(templateVersions.version)} from ${templateVersions}
    where ${qualified(templateVersions.workspaceId)} = ${qualified(workspaceColumn)} and ${qualified(templateVersions.id)} = ${qualified(versionColumn)})`;
}
