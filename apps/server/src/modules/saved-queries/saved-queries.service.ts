import type { FastifyRequest } from 'fastify';
import { DEFAULT_SAVED_QUERY_KEY, DEFAULT_SAVED_QUERY_NAME, type ListQuery, type SavedQuery, type SavedQueryBody } from '@vigil/contracts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './saved-queries.repo.ts';

const disabled = () => new AppError(403, '_FORBIDDEN', 'saved_query.disabled');

/**
 * Saves a query of the actor's: by id (update), or by key (update the one with that key, else create).
 * The built-in `default` keeps its key and its translation-key name, and is never deleted.
 */
export async function saveQuery(ctx: TenantContext, enabled: boolean, body: SavedQueryBody): Promise<{ id: string }> {
  if (!enabled) throw disabled();
  const isDefault = body.key === DEFAULT_SAVED_QUERY_KEY;
  const existing = body.id ? await repo.findOwnQuery(ctx, body.id) : await repo.findOwnQueryByKey(ctx, body.table_name, body.key);
  if (body.id && !existing) throw notFound();
  if (existing && (existing.key !== body.key || existing.tableName !== body.table_name)) {
    throw validationFailed(
      existing.key === DEFAULT_SAVED_QUERY_KEY || isDefault
        ? { key: [message('saved_query.default_locked')] }
        : { key: [message('validation.invalid')] },
    );
  }
  if (isDefault && body.name !== DEFAULT_SAVED_QUERY_NAME) throw validationFailed({ name: [message('saved_query.default_locked')] });
  if (existing) {
    await repo.updateQuery(ctx, existing.id, { name: body.name, queryString: body.query_string });
    return { id: existing.id };
  }
  const row = await repo.insertQuery(ctx, { tableName: body.table_name, key: body.key, name: body.name, queryString: body.query_string });
  return { id: row.id };
}

export async function deleteQuery(ctx: TenantContext, enabled: boolean, id: string): Promise<void> {
  if (!enabled) throw disabled();
  const existing = await repo.findOwnQuery(ctx, id);
  if (!existing) throw notFound();
  if (existing.key === DEFAULT_SAVED_QUERY_KEY) throw validationFailed({ key: [message('saved_query.default_locked')] });
  await repo.deleteQuery(ctx, id);
}

/** The actor's queries of a table keyed by key, the built-in default always present. */
export async function savedQueriesOf(ctx: TenantContext, tableName: string): Promise<Record<string, SavedQuery>> {
  const rows = await repo.listOwnQueries(ctx, tableName);
  const out: Record<string, SavedQuery> = {
    [DEFAULT_SAVED_QUERY_KEY]: { id: null, key: DEFAULT_SAVED_QUERY_KEY, name: DEFAULT_SAVED_QUERY_NAME, query_string: '' },
  };
  for (const row of rows) out[row.key] = { id: row.id, key: row.key, name: row.name, query_string: row.queryString };
  return out;
}

/**
 * What a list answer adds when the client asks `with_saved_queries=1`, the workspace has saved
 * queries on and the table takes part: `{saved_queries, table_name}`; otherwise nothing.
 */
export async function savedQueriesBlock(
  ctx: TenantContext,
  options: { enabled: boolean; tableName: string; query: Pick<ListQuery, 'with_saved_queries'> },
): Promise<{ saved_queries?: Record<string, SavedQuery>; table_name?: string }> {
  if (!options.enabled || options.query.with_saved_queries !== '1') return {};
  return { saved_queries: await savedQueriesOf(ctx, options.tableName), table_name: options.tableName };
}

/** A list page with the caller's saved queries of its table beside it, when asked and the workspace has them on. */
export async function withSavedQueries<Page extends object>(
  ctx: TenantContext,
  request: FastifyRequest,
  list: { tableName: string; query: Pick<ListQuery, 'with_saved_queries'>; page: Page },
) {
  const enabled = request.auth!.workspace.appSettings.saved_queries_enabled;
  return { ...list.page, ...(await savedQueriesBlock(ctx, { enabled, tableName: list.tableName, query: list.query })) };
}
