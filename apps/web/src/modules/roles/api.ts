import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleBody } from '@vigil/contracts';
import { http } from '../../lib/http.ts';

export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
};

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: async () => (await http.get<Role[]>('/user/role/list')).data });
}

function useRoleMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export const useSaveRole = () =>
  useRoleMutation(({ id, body }: { id?: string; body: RoleBody }) =>
    id ? http.put<Role>(`/user/role/${id}`, body) : http.post<Role>('/user/role/new', body),
  );
export const useDeleteRole = () => useRoleMutation((id: string) => http.delete<null>(`/user/role/${id}`));
export const useMakeDefaultRole = () => useRoleMutation((id: string) => http.post<Role>(`/user/role/${id}/make-default`));
