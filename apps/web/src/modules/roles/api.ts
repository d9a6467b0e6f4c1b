import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody } from '@vigil/contracts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

export const useRoles = () => useApi('GET /api/user/role/list', {});

/** A change to roles reloads every role list shown (this page's and the users' role picker). */
function useRoleMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: everyAnswerOf('GET /api/user/role/list') }),
  });
}

export const useSaveRole = () =>
  useRoleMutation(({ id, body }: { id?: string; body: RoleBody }) =>
    id ? api('PUT /api/user/role/:id', { params: { id }, body }) : api('POST /api/user/role/new', { body }),
  );
export const useDeleteRole = () => useRoleMutation((id: string) => api('DELETE /api/user/role/:id', { params: { id } }));
export const useMakeDefaultRole = () => useRoleMutation((id: string) => api('POST /api/user/role/:id/make-default', { params: { id } }));
