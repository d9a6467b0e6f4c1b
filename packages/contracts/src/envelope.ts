import { z } from 'zod';

/** Every success answer: `{ data, message? }` (ARCHITECTURE.md §3). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/**
 * The `response` of a call that answers a redirect, not JSON (a sign-in's entry or callback): the
 * server's handler sends it (`redirects` in the module kit) and the browser follows it; no page
 * script calls it.
 */
export const RedirectAnswerSchema = z.never();

/**
 * A list that may hold millions of rows (assets) counts its matches only this far past the page's
 * first row: counting every row of a big list costs more than the page itself. The pages shown go
 * that far, and further as one moves on (docs/assets.md).
 */
export const LIST_COUNT_LIMIT = 1_000;

export const PaginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  /** True when more rows match than `total` (the page's offset plus `LIST_COUNT_LIMIT`). */
  total_capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), pagination: PaginationSchema });
}
