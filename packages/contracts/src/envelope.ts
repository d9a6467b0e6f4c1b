import { z } from 'zod';

/** Every success answer: `{ data, message? }` (ARCHITECTURE.md §3). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

export const PaginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), pagination: PaginationSchema });
}
