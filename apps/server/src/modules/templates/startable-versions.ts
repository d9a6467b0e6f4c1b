import { finalize, TemplateDocumentSchema, unwrapRepeatables, type TemplateDocument } from '@vigil/checklist';
import type { StartableTemplate } from '@vigil/contracts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { findStartableVersion, findVersionDocument, searchStartableVersions, type StartableVersionRow } from './templates.repo.ts';

/** How many version documents stay parsed in memory, and how many items they may hold together. */
const CACHED_VERSIONS_MAX = 300;
const CACHED_ITEMS_MAX = 250_000;

/**
 * Parsed documents of published versions, least recently used first. A version never changes, so an
 * entry never goes stale; the bound on items keeps a few very large templates from filling memory.
 */
const cachedDocuments = new Map<string, TemplateDocument>();
let cachedItems = 0;

function remember(key: string, document: TemplateDocument): void {
  cachedDocuments.set(key, document);
  cachedItems += document.items.length;
  for (const [oldest, evicted] of cachedDocuments) {
    if (cachedDocuments.size <= CACHED_VERSIONS_MAX && cachedItems <= CACHED_ITEMS_MAX) break;
    if (oldest === key) break;
    cachedDocuments.delete(oldest);
    cachedItems -= evicted.items.length;
  }
}

function recall(key: string): TemplateDocument | undefined {
  const document = cachedDocuments.get(key);
  if (document) {
    // Map keeps insertion order: moving the entry to the end marks it as used last.
    cachedDocuments.delete(key);
    cachedDocuments.set(key, document);
  }
  return document;
}

/**
 * A published version's document as the domain reads a draft (`parseDraft`): repeatable items out of
 * their stored repeating-group wrappers, so the server and the inspection screen name a repeatable by
 * the same id; parsed by today's schema (a version published before a default was added gets it), or
 * as stored if that schema no longer reads it. Null for a version of another workspace.
 */
export async function versionDocument(ctx: TenantContext, versionId: string): Promise<TemplateDocument | null> {
  const key = `${ctx.workspaceId}/${versionId}`;
  const cached = recall(key);
  if (cached) return cached;
  const stored = await findVersionDocument(ctx, versionId);
  if (!stored) return null;
  const parsed = TemplateDocumentSchema.safeParse(stored);
  const document = finalize(unwrapRepeatables(parsed.success ? parsed.data : stored));
  remember(key, document);
  return document;
}

/** The latest published version of a template that can be started (published, neither archived nor deleted), or null. */
export function startableVersion(ctx: TenantContext, templateId: string): Promise<StartableVersionRow | null> {
  return findStartableVersion(ctx, templateId);
}

/** Templates that can be started, by title. */
export async function searchStartableTemplates(ctx: TenantContext, search: { q?: string; limit: number }): Promise<StartableTemplate[]> {
  const rows = await searchStartableVersions(ctx, { q: search.q?.trim() || undefined, limit: search.limit });
  return rows.map((row) => ({
    id: row.templateId,
    title: row.title,
    version: row.version,
    version_id: row.versionId,
    published_at: row.publishedAt.toISOString(),
    contains_asset: row.containsAsset,
  }));
}
