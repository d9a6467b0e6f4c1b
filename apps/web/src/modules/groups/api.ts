import { useQuery } from '@tanstack/react-query';
import type { Group, GroupBody, GroupList, GroupMember, ListQueryInput, SavedQueriesBlock, UserSearchItem } from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { http } from '../../lib/http.ts';

export const groupKeys = {
  all: ['groups'] as const,
  one: (id: string) => ['groups', 'one', id] as const,
  members: (id: string) => ['groups', 'members', id] as const,
  userSearch: (q: string) => ['users', 'search', q] as const,
};

/** The saved-query table of the groups list (`/group/list`). */
export const GROUPS_TABLE = 'groups';

/** One page of groups for the DataTable (list engine query, saved queries when asked). */
export const loadGroups = async (query: ListQueryInput) => (await http.get<GroupList & Partial<SavedQueriesBlock>>('/user/group/list', { query })).data;

export const useGroup = (id: string) => useQuery({ queryKey: groupKeys.one(id), queryFn: async () => (await http.get<Group>(`/user/group/${id}`)).data });
export const useGroupMembers = (id: string) =>
  useQuery({ queryKey: groupKeys.members(id), queryFn: async () => (await http.get<GroupMember[]>(`/user/group/${id}/user-group-list`)).data });
export const useUserSearch = (q: string) =>
  useQuery({ queryKey: groupKeys.userSearch(q), queryFn: async () => (await http.get<UserSearchItem[]>('/user/search', { query: q ? { q } : {}, silent: true })).data });

function useGroupMutation<V>(call: (variables: V) => Promise<unknown>) {
  return useListMutation(call, { tables: [GROUPS_TABLE], queries: [groupKeys.all] });
}

export const useSaveGroup = () =>
  useGroupMutation(({ id, body }: { id?: string; body: GroupBody }) => (id ? http.put<Group>(`/user/group/${id}`, body) : http.post<Group>('/user/group/add', body)));
export const useDeleteGroup = () => useGroupMutation((id: string) => http.delete<null>(`/user/group/${id}`));
export const useAddGroupMembers = () => useGroupMutation(({ id, users }: { id: string; users: string[] }) => http.post(`/user/group/${id}/add`, { users }));
export const useRemoveGroupMembers = () =>
  useGroupMutation(({ id, users }: { id: string; users: string[] }) => http.post(`/user/group/${id}/delete`, { users }));
