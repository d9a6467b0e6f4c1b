import type { GroupBody, ListQueryInput } from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

/** The saved-query table of the groups list (`/group/list`). */
export const GROUPS_TABLE = 'groups';

/** One page of groups for the DataTable (list engine query, saved queries when asked). */
export const loadGroups = async (query: ListQueryInput) => (await api('GET /api/user/group/list', { query })).data;

export const useUserSearch = (q: string) => useApi('GET /api/user/search', { query: q ? { q } : {} }, { silent: true });

/** A change to groups reloads the groups table, any group and any member list shown. */
function useGroupMutation<V>(call: (variables: V) => Promise<unknown>) {
  return useListMutation(call, {
    tables: [GROUPS_TABLE],
    queries: [everyAnswerOf('GET /api/user/group/:id'), everyAnswerOf('GET /api/user/group/:id/user-group-list')],
  });
}

export const useSaveGroup = () =>
  useGroupMutation(({ id, body }: { id?: string; body: GroupBody }) =>
    id ? api('PUT /api/user/group/:id', { params: { id }, body }) : api('POST /api/user/group/add', { body }),
  );
export const useDeleteGroup = () => useGroupMutation((id: string) => api('DELETE /api/user/group/:id', { params: { id } }));
export const useAddGroupMembers = () =>
  useGroupMutation(({ id, users }: { id: string; users: string[] }) =>
    api('POST /api/user/group/:id/add', { params: { id }, body: { users } }),
  );
export const useRemoveGroupMembers = () =>
  useGroupMutation(({ id, users }: { id: string; users: string[] }) =>
    api('POST /api/user/group/:id/delete', { params: { id }, body: { users } }),
  );
