import type { ApiInput, GlobalResponseBody, Language, ListQueryInput, TemplateListEntry } from '@vigil/contracts';
import type { DataTablePage } from '../../components/data-table/index.ts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

/** The DataTable ids (local storage, query cache) of the two lists. */
export const TEMPLATES_TABLE = 'templates';
export const ARCHIVED_TEMPLATES_TABLE = 'templates-archived';
export const GLOBAL_RESPONSES_TABLE = 'global-responses';

export const builderPath = (id: string) => `/checklist/template/${id}/edit`;

type NewFolderBody = ApiInput<'POST /api/checklist/template/folder/new'>['body'];
type UpdateFolderBody = ApiInput<'PUT /api/checklist/template/folder/:id'>['body'];

/** A list entry as a DataTable tree row: `children` are the ids of the entries under it. */
export type TemplateRow = Omit<TemplateListEntry, 'children'> & { children: string[] };

/** The server answers the tree nested; the table wants it flat, depth first, parents before children. */
function flattenTree(entries: readonly TemplateListEntry[]): TemplateRow[] {
  return entries.flatMap((entry) => [{ ...entry, children: entry.children.map((child) => child.id) }, ...flattenTree(entry.children)]);
}

/** One page of folders and templates (`archived`: the archived templates and the folders leading to them). */
export async function loadTemplates(query: ListQueryInput, archived: boolean): Promise<DataTablePage<TemplateRow>> {
  const answer = await api(
    'GET /api/checklist/template/list',
    { query: { ...query, ...(archived ? { archived: '1' } : {}) } },
    { silent: true },
  );
  return { list: flattenTree(answer.data.list), pagination: answer.data.pagination };
}

/** Every folder as a tree, without `excludeId` and its subfolders (the places a folder cannot move to). */
export function useFolders(excludeId?: string) {
  return useApi('GET /api/checklist/template/folder/all', { query: excludeId ? { exclude_id: excludeId } : {} }, { silent: true });
}

/** Every change reloads the list and the folder trees; the server's message is toasted by the client. */
function useTemplateMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, {
    tables: [TEMPLATES_TABLE, ARCHIVED_TEMPLATES_TABLE],
    queries: [everyAnswerOf('GET /api/checklist/template/folder/all')],
  });
}

export const useCreateTemplate = () =>
  useTemplateMutation(
    async (body: { title: string; parent_id: string | null; language?: Language }) =>
      (await api('POST /api/checklist/template/new', { body })).data,
  );
export const useMoveTemplate = () =>
  useTemplateMutation((body: { id: string; parent_id: string | null }) => api('POST /api/checklist/template/move', { body }));
export const useCloneTemplate = () =>
  useTemplateMutation(
    async ({ id, parent_id }: { id: string; parent_id: string | null }) =>
      (await api('POST /api/checklist/template/:id/clone', { params: { id }, body: { parent_id } })).data,
  );
export const useSetArchived = () =>
  useTemplateMutation(({ id, archived }: { id: string; archived: boolean }) =>
    api(archived ? 'POST /api/checklist/template/:id/archive' : 'POST /api/checklist/template/:id/restore', { params: { id } }),
  );
export const useDeleteTemplate = () => useTemplateMutation((id: string) => api('DELETE /api/checklist/template/:id', { params: { id } }));
/** Renames or moves a folder (`id` given), or creates one. */
export const useSaveFolder = () =>
  useTemplateMutation((change: { id: string; body: UpdateFolderBody } | { id?: undefined; body: NewFolderBody }) =>
    change.id === undefined
      ? api('POST /api/checklist/template/folder/new', { body: change.body })
      : api('PUT /api/checklist/template/folder/:id', { params: { id: change.id }, body: change.body }),
  );
export const useDeleteFolder = () =>
  useTemplateMutation((id: string) => api('DELETE /api/checklist/template/folder/:id', { params: { id } }));
/** Removes a template without the list's toast: used to undo an import the user cancelled. */
export const discardTemplate = (id: string) => api('DELETE /api/checklist/template/:id', { params: { id } }, { silent: true });

// Global response sets ----------------------------------------------------------------------------

export const loadGlobalResponses = async (query: ListQueryInput) =>
  (await api('GET /api/checklist/global-response/list', { query }, { silent: true })).data;

function useGlobalResponseMutation<V>(call: (variables: V) => Promise<unknown>) {
  return useListMutation(call, { tables: [GLOBAL_RESPONSES_TABLE] });
}

export const useSaveGlobalResponse = () =>
  useGlobalResponseMutation(({ id, body }: { id?: string; body: GlobalResponseBody }) =>
    id ? api('PUT /api/checklist/global-response/:id', { params: { id }, body }) : api('POST /api/checklist/global-response/new', { body }),
  );
export const useSaveGlobalResponseLanguage = () =>
  useGlobalResponseMutation(({ id, lang, options }: { id: string; lang: Language; options: { uuid: string; label: string }[] }) =>
    api('PUT /api/checklist/global-response/:id/:lang', { params: { id, lang }, body: { options } }),
  );
export const useDeleteGlobalResponse = () =>
  useGlobalResponseMutation((id: string) => api('DELETE /api/checklist/global-response/:id', { params: { id } }));
