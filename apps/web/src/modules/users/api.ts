import { useQuery } from '@tanstack/react-query';
import type { EditBasicInfoBody, InviteUserBody, ListQueryInput, Role, SavedQueriesBlock, UserList, UserListItem } from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { http } from '../../lib/http.ts';

type UserListPage = UserList & Partial<SavedQueriesBlock>;

export const userKeys = {
  all: ['users'] as const,
  roles: ['roles', 'list'] as const,
};

/** The saved-query table of the users list (`/user/list`). */
export const USERS_TABLE = 'users';

/** One page of members for the DataTable (list engine query, saved queries when asked). */
export const loadUsers = async (query: ListQueryInput) => (await http.get<UserListPage>('/user/list', { query })).data;

export function useRoleOptions(enabled = true) {
  return useQuery({ queryKey: userKeys.roles, queryFn: async () => (await http.get<Role[]>('/user/role/list', { silent: true })).data, enabled });
}

/** Every change to a member: the server's message is toasted by the client; the list reloads. */
function useUserMutation<V>(call: (variables: V) => Promise<unknown>) {
  return useListMutation(call, { tables: [USERS_TABLE], queries: [userKeys.all] });
}

export const useInviteUser = () => useUserMutation((body: InviteUserBody) => http.post<UserListItem>('/user/invite', body));
export const useEditBasicInfo = () =>
  useUserMutation(({ id, body }: { id: string; body: EditBasicInfoBody }) => http.post<UserListItem>(`/user/${id}/edit-basic-info`, body));
export const useUpdateRoles = () =>
  useUserMutation(({ id, roles }: { id: string; roles: string[] }) => http.post<UserListItem>(`/user/${id}/update-roles`, { roles }));

export type MemberAction = 'resend' | 'cancel' | 'activate' | 'deactivate';

export function useMemberAction() {
  return useUserMutation(({ id, action }: { id: string; action: MemberAction }) => {
    switch (action) {
      case 'resend':
        return http.post<null>(`/user/${id}/resend-invite`);
      case 'cancel':
        return http.delete<null>(`/user/${id}/cancel-invitation`);
      case 'activate':
        return http.put<UserListItem>(`/user/${id}/activate-user`);
      case 'deactivate':
        return http.put<UserListItem>(`/user/${id}/deactivate-user`);
    }
  });
}
