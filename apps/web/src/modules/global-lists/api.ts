import { useQueryClient } from '@tanstack/react-query';
import {
  GLOBAL_LIST_TABLES,
  type BulkSelection,
  type GlobalListBody,
  type GlobalListItemBody,
  type ListQueryInput,
  splitEndpointKey,
} from '@vigil/contracts';
import { useCallback } from 'react';
import type { BulkImportTarget } from '../../components/bulk-import/index.ts';
import { tableQueryKey, useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, everyAnswerOf, linkTo, useApi } from '../../lib/api.ts';

/** One page of lists, in use or archived. */
export const loadGlobalLists = async (archived: boolean, query: ListQueryInput) =>
  (await api(archived ? 'GET /api/resources/global-lists/archive' : 'GET /api/resources/global-lists', { query })).data;

/** One page of a list's items, in use or archived; its fields in use come with it. */
export const loadGlobalListItems = async (archived: boolean, id: string, query: ListQueryInput) =>
  (
    await api(archived ? 'GET /api/resources/global-lists/:id/items/archive' : 'GET /api/resources/global-lists/:id/items', {
      params: { id },
      query,
    })
  ).data;

export const useGlobalList = (id: string) => useApi('GET /api/resources/global-lists/:id', { params: { id } });

const LIST_TABLES = [GLOBAL_LIST_TABLES.lists, GLOBAL_LIST_TABLES.listsArchive];
const ITEM_TABLES = [GLOBAL_LIST_TABLES.items, GLOBAL_LIST_TABLES.itemsArchive];
const LIST_QUERIES = [everyAnswerOf('GET /api/resources/global-lists/:id'), everyAnswerOf('GET /api/resources/global-lists/all')];

/** A change to lists reloads both list tables, every list shown, and the choosers. */
function useListsMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, { tables: LIST_TABLES, queries: LIST_QUERIES });
}

/** A change to items reloads both item tables and the lists (their item counts). */
function useItemsMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, { tables: [...ITEM_TABLES, ...LIST_TABLES] });
}

export const useCreateGlobalList = () => useListsMutation((body: GlobalListBody) => api('POST /api/resources/global-lists/new', { body }));
export const useSaveGlobalList = () =>
  useListsMutation(({ id, body }: { id: string; body: GlobalListBody }) =>
    api('PUT /api/resources/global-lists/:id', { params: { id }, body }),
  );
export const useArchiveGlobalLists = () =>
  useListsMutation((body: BulkSelection) => api('PUT /api/resources/global-lists/bulk-archive', { body }));
export const useRestoreGlobalLists = () =>
  useListsMutation((body: BulkSelection) => api('PUT /api/resources/global-lists/bulk-restore', { body }));
export const useRestoreGlobalList = () =>
  useListsMutation((id: string) => api('PUT /api/resources/global-lists/:id/restore', { params: { id } }));
/** Silent: the type-to-confirm dialog shows a refusal. */
export const useDeleteGlobalList = () =>
  useListsMutation((id: string) => api('DELETE /api/resources/global-lists/:id', { params: { id } }, { silent: true }));
export const deleteUnusedField = (id: string, fieldId: string) =>
  api('DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete', { params: { id, fieldId } });

export const useSaveItem = (id: string) =>
  useItemsMutation(({ itemId, body }: { itemId?: string; body: GlobalListItemBody }) =>
    itemId
      ? api('PUT /api/resources/global-lists/:id/items/:itemId', { params: { id, itemId }, body })
      : api('POST /api/resources/global-lists/:id/items/new', { params: { id }, body }),
  );
export const useArchiveItems = (id: string) =>
  useItemsMutation((body: BulkSelection) => api('PUT /api/resources/global-lists/:id/items/bulk-archive', { params: { id }, body }));
export const useRestoreItems = (id: string) =>
  useItemsMutation((body: BulkSelection) => api('PUT /api/resources/global-lists/:id/items/bulk-restore', { params: { id }, body }));
export const useRestoreItem = (id: string) =>
  useItemsMutation((itemId: string) => api('PUT /api/resources/global-lists/:id/items/:itemId/restore', { params: { id, itemId } }));
/** Silent: the type-to-confirm dialog shows a refusal. */
export const useDeleteItem = (id: string) =>
  useItemsMutation((itemId: string) =>
    api('DELETE /api/resources/global-lists/:id/items/:itemId', { params: { id, itemId } }, { silent: true }),
  );

/** The bulk import of a list's items (the shared wizard's calls). */
export const itemImportTarget = (listId: string, listName: string): BulkImportTarget => ({
  key: `global-list-items:${listId}`,
  name: listName,
  loadColumns: async () => (await api('GET /api/resources/global-lists/bulk-import/columns', { query: { list_id: listId } })).data,
  sampleUrl: (format) => linkTo('GET /api/resources/global-lists/bulk-import/sample', { query: { list_id: listId, format } }),
  path: splitEndpointKey('POST /api/resources/global-lists/bulk-import').path,
  fields: { list_id: listId },
});

/** Reloads both item tables and the lists (their item counts): after an import has written its rows. */
export function useReloadItems() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const table of [...ITEM_TABLES, ...LIST_TABLES]) void queryClient.invalidateQueries({ queryKey: tableQueryKey(table) });
  }, [queryClient]);
}
