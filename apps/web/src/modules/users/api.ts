import type { EditBasicInfoBody, InviteUserBody, ListQueryInput } from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

/** The saved-query table of the users list (`/user/list`). */
export const USERS_TABLE = 'users';

/** One page of members for the DataTable (list engine query, saved queries when asked). */
export const loadUsers = async (query: ListQueryInput) => (await api('GET /api/user/list', { query })).data;

export const useRoleOptions = (enabled = true) => useApi('GET /api/user/role/list', {}, { silent: true, enabled });

/** Every change to a member: the server's message is toasted by the client; the list and any people search reload. */
function useUserMutation<V>(call: (variables: V) => Promise<unknown>) {
  return useListMutation(call, { tables: [USERS_TABLE], queries: [everyAnswerOf('GET /api/user/search')] });
}

export const useInviteUser = () => useUserMutation((body: InviteUserBody) => api('POST /api/user/invite', { body }));
export const useEditBasicInfo = () =>
  useUserMutation(({ id, body }: { id: string; body: EditBasicInfoBody }) =>
    api('POST /api/user/:id/edit-basic-info', { params: { id }, body }),
  );
export const useUpdateRoles = () =>
  useUserMutation(({ id, roles }: { id: string; roles: string[] }) =>
    api('POST /api/user/:id/update-roles', { params: { id }, body: { roles } }),
  );

export type MemberAction = 'resend' | 'cancel' | 'activate' | 'deactivate';

export function useMemberAction() {
  return useUserMutation(({ id, action }: { id: string; action: MemberAction }) => {
    const params = { id };
    switch (action) {
      case 'resend':
        return api('POST /api/user/:id/resend-invite', { params });
      case 'cancel':
        return api('DELETE /api/user/:id/cancel-invitation', { params });
      case 'activate':
        return api('PUT /api/user/:id/activate-user', { params });
      case 'deactivate':
        return api('PUT /api/user/:id/deactivate-user', { params });
    }
  });
}
