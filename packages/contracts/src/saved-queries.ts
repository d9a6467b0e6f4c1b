import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { ID_MAX } from './limits.ts';

/** Saved queries (spec 3 §3 "Saved query", §7 "Saved queries"). */
export const SAVED_QUERY_NAME_MAX = 125;
export const SAVED_QUERY_STRING_MAX = 4000;
export const DEFAULT_SAVED_QUERY_KEY = 'default';
/** The built-in query's name is a translation key (web namespace `table`). */
export const DEFAULT_SAVED_QUERY_NAME = 'table:savedQuery.default';

export const SavedQueryKeySchema = z
  .string()
  .max(ID_MAX)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid');
export const SavedQueryTableNameSchema = z
  .string()
  .max(ID_MAX)
  .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'validation.invalid');

export const SavedQueryBodySchema = z.strictObject({
  id: z.uuid().optional(),
  key: SavedQueryKeySchema,
  name: z.string().trim().min(1).max(SAVED_QUERY_NAME_MAX),
  table_name: SavedQueryTableNameSchema,
  query_string: z.string().max(SAVED_QUERY_STRING_MAX),
});
export type SavedQueryBody = z.infer<typeof SavedQueryBodySchema>;

export const SavedQuerySchema = z.object({
  id: z.string().nullable(),
  key: z.string(),
  name: z.string(),
  query_string: z.string(),
});
export type SavedQuery = z.infer<typeof SavedQuerySchema>;

export const SavedQueryIdParamsSchema = z.object({ id: z.uuid() });
export const SavedQueryIdSchema = z.object({ id: z.string() });

/** What a list answer carries when asked `with_saved_queries=1`. */
export const SavedQueriesBlockSchema = z.object({
  saved_queries: z.record(z.string(), SavedQuerySchema),
  table_name: z.string(),
});
export type SavedQueriesBlock = z.infer<typeof SavedQueriesBlockSchema>;

/** A list answer's data with the optional saved-queries block. */
export function withSavedQueriesOf<T extends z.ZodObject>(list: T) {
  return list.extend({ saved_queries: SavedQueriesBlockSchema.shape.saved_queries.optional(), table_name: z.string().optional() });
}

/** Saved list queries belong to their user: any signed-in member keeps their own. */
export const savedQueryEndpoints = defineEndpoints({
  'POST /api/saved-query': {
    summary: 'Save a list query (by id to update, else by key)',
    body: SavedQueryBodySchema,
    response: SavedQueryIdSchema,
  },
  'DELETE /api/saved-query/:id': {
    summary: 'Delete a saved list query (never the default)',
    params: SavedQueryIdParamsSchema,
    response: z.null(),
  },
});
