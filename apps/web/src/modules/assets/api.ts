import { useQueryClient } from '@tanstack/react-query';
import {
  ASSET_TABLES,
  type AssetBody,
  type AssetBulk,
  type AssetTypeBody,
  type BulkSelection,
  type ListQueryInput,
  splitEndpointKey,
} from '@vigil/contracts';
import { useCallback } from 'react';
import type { BulkImportTarget } from '../../components/bulk-import/index.ts';
import { tableQueryKey, useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, everyAnswerOf, linkTo, useApi } from '../../lib/api.ts';

/** The URL parameter of the type chosen above the asset lists. */
export const TYPE_PARAM = 'type_id';

export const loadAssetTypes = async (query: ListQueryInput) => (await api('GET /api/assets/types/list', { query })).data;
export const loadArchivedAssetTypes = async (query: ListQueryInput) => (await api('GET /api/assets/types/archive', { query })).data;

/** One page of assets (in use or archived), of one type when `typeId` is given. */
export const loadAssets = async (archived: boolean, typeId: string | undefined, query: ListQueryInput) =>
  (
    await api(archived ? 'GET /api/assets/archive' : 'GET /api/assets/list', {
      query: { ...query, ...(typeId ? { type_id: typeId } : {}) },
    })
  ).data;

export const useAssetType = (id: string) => useApi('GET /api/assets/types/:id', { params: { id } });
export const useAsset = (id: string) => useApi('GET /api/assets/:id', { params: { id } });
/** The types in use, for choosers; with their used fields (the asset form's inputs). */
export const useTypeOptions = () => useApi('GET /api/assets/types/all', { query: { with_fields: '1' } });

const TYPE_TABLES = [ASSET_TABLES.types, ASSET_TABLES.typesArchive];
const ASSET_LIST_TABLES = [ASSET_TABLES.assets, ASSET_TABLES.assetsArchive];

/** A change to types reloads both type lists, every type shown, and the choosers. */
function useTypeMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, {
    tables: TYPE_TABLES,
    queries: [everyAnswerOf('GET /api/assets/types/:id'), everyAnswerOf('GET /api/assets/types/all')],
  });
}

/** A change to assets reloads both asset lists and every asset shown. */
function useAssetMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, { tables: ASSET_LIST_TABLES, queries: [everyAnswerOf('GET /api/assets/:id')] });
}

export const useCreateAssetType = () => useTypeMutation((body: AssetTypeBody) => api('POST /api/assets/types/new', { body }));
export const useSaveAssetType = () =>
  useTypeMutation(({ id, body }: { id: string; body: AssetTypeBody }) => api('PUT /api/assets/types/:id', { params: { id }, body }));
export const useArchiveAssetTypes = () => useTypeMutation((body: BulkSelection) => api('PUT /api/assets/types/bulk-archive', { body }));
export const useRestoreAssetTypes = () => useTypeMutation((body: BulkSelection) => api('PUT /api/assets/types/bulk-restore', { body }));
export const useRestoreAssetType = () => useTypeMutation((id: string) => api('PUT /api/assets/types/:id/restore', { params: { id } }));
/** Silent: the type-to-confirm dialog shows the refusal (a type that still has assets). */
export const useDeleteAssetType = () =>
  useTypeMutation((id: string) => api('DELETE /api/assets/types/:id', { params: { id } }, { silent: true }));
export const deleteUnusedField = (id: string) => api('DELETE /api/assets/types/unused-fields/:id/delete', { params: { id } });

export const useSaveAsset = () =>
  useAssetMutation(({ id, body }: { id?: string; body: AssetBody }) =>
    id ? api('PUT /api/assets/:id', { params: { id }, body }) : api('POST /api/assets/new', { body }),
  );
export const useArchiveAssets = () => useAssetMutation((body: AssetBulk) => api('PUT /api/assets/bulk-archive', { body }));
export const useRestoreAssets = () => useAssetMutation((body: AssetBulk) => api('PUT /api/assets/bulk-restore', { body }));
export const useRestoreAsset = () => useAssetMutation((id: string) => api('PUT /api/assets/:id/restore', { params: { id } }));
export const useDeleteAsset = () => useAssetMutation((id: string) => api('DELETE /api/assets/:id', { params: { id } }, { silent: true }));

/** The bulk import of assets of one type (the shared wizard's calls). */
export const assetImportTarget = (typeId: string, typeName: string): BulkImportTarget => ({
  key: `assets:${typeId}`,
  name: typeName,
  loadColumns: async () => (await api('GET /api/assets/bulk-import/columns', { query: { type_id: typeId } })).data,
  sampleUrl: (format) => linkTo('GET /api/assets/bulk-import/sample', { query: { type_id: typeId, format } }),
  path: splitEndpointKey('POST /api/assets/bulk-import').path,
  fields: { type_id: typeId },
});

/** Reloads both asset lists: after an import has written its rows. */
export function useReloadAssets() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const table of ASSET_LIST_TABLES) void queryClient.invalidateQueries({ queryKey: tableQueryKey(table) });
  }, [queryClient]);
}
