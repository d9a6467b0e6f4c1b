import { api } from './api.ts';

/** How many items a global_list question offers at once; typing narrows them. */
const GLOBAL_LIST_CHOICES = 25;

/**
 * The items in use of a global list, by name order, searched by name and values: what a global_list
 * question offers, in the builder's preview and in an inspection alike.
 */
export async function globalListEntries(listUuid: string, search: string) {
  const query = {
    limit: GLOBAL_LIST_CHOICES,
    page: 1,
    sort: { display_name: 'asc' },
    ...(search.trim() ? { filter: { search: { operator: 'contains', value: search.trim() } } } : {}),
  } as const;
  return (await api('GET /api/resources/global-lists/:id/items', { params: { id: listUuid }, query }, { silent: true })).data.list;
}
