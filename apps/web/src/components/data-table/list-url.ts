import {
  compactFilters,
  LIST_DEFAULT_LIMIT,
  LIST_PAGE_SIZES,
  PAGINATION_AROUND_PAGES,
  PAGINATION_EDGE_PAGES,
  type FilterEntry,
  type FilterType,
  type SortDirection,
} from '@vigil/contracts';
import qs from 'qs';

/** The list state a table keeps in the URL (ARCHITECTURE.md §3.1 grammar). */
export interface ListState {
  limit: number;
  page: number;
  sort: Record<string, SortDirection>;
  filter: Record<string, FilterEntry>;
}

export const EMPTY_STATE: ListState = { limit: LIST_DEFAULT_LIMIT, page: 1, sort: {}, filter: {} };

/** The page-size input is parsed as an integer; anything else falls back to the default. */
export function parsePageSize(value: unknown): number {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return (LIST_PAGE_SIZES as readonly number[]).includes(parsed) ? parsed : LIST_DEFAULT_LIMIT;
}

function parsePage(value: unknown): number {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

/** Reads the list state from a URL search string (unknown parameters are ignored). */
export function parseListState(search: string): ListState {
  const raw = qs.parse(search.replace(/^\?/, ''), { depth: 5, arrayLimit: 100 }) as Record<string, unknown>;
  const sort: Record<string, SortDirection> = {};
  if (raw.sort && typeof raw.sort === 'object') {
    for (const [field, direction] of Object.entries(raw.sort as Record<string, unknown>)) {
      if (direction === 'asc' || direction === 'desc') sort[field] = direction;
    }
  }
  const filter =
    raw.filter && typeof raw.filter === 'object' && !Array.isArray(raw.filter) ? (raw.filter as Record<string, FilterEntry>) : {};
  return { limit: parsePageSize(raw.limit ?? LIST_DEFAULT_LIMIT), page: parsePage(raw.page), sort, filter };
}

/** The canonical query string of a state: the same state always gives the same string. */
export function stringifyListState(state: ListState, typeOf: (field: string) => FilterType | undefined = () => undefined): string {
  const filter = compactFilters(state.filter, typeOf);
  return qs.stringify(
    { limit: state.limit, page: state.page, sort: sortKeys(state.sort), filter: sortKeys(filter) },
    { encodeValuesOnly: true, skipNulls: true, arrayFormat: 'indices' },
  );
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> | undefined {
  const keys = Object.keys(record).sort();
  return keys.length ? Object.fromEntries(keys.map((key) => [key, record[key]])) : undefined;
}

export function hasFilters(state: ListState, typeOf: (field: string) => FilterType | undefined = () => undefined): boolean {
  return Object.keys(compactFilters(state.filter, typeOf)).length > 0;
}

/** Page buttons: the first and last 2 pages and 2 on each side of the current one; `null` is a gap. */
export function paginationItems(current: number, totalPages: number): (number | null)[] {
  const pages = new Set<number>();
  for (let page = 1; page <= Math.min(PAGINATION_EDGE_PAGES, totalPages); page++) pages.add(page);
  for (let page = Math.max(1, totalPages - PAGINATION_EDGE_PAGES + 1); page <= totalPages; page++) pages.add(page);
  for (let page = Math.max(1, current - PAGINATION_AROUND_PAGES); page <= Math.min(totalPages, current + PAGINATION_AROUND_PAGES); page++)
    pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) items.push(null);
    items.push(page);
  });
  return items;
}
