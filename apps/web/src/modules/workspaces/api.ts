import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyWorkspace, NewWorkspaceBody, Workspace } from '@vigil/contracts';
import { http } from '../../lib/http.ts';
import { HOME_PATH } from '../../lib/paths.ts';

export const workspaceKeys = { mine: ['workspaces', 'mine'] as const };

export function useMyWorkspaces() {
  return useQuery({ queryKey: workspaceKeys.mine, queryFn: async () => (await http.get<MyWorkspace[]>('/settings/workspaces/my-workspaces')).data });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewWorkspaceBody) => (await http.post<Workspace>('/settings/workspaces/new', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.mine }),
  });
}

/** Switching changes every answer of the session: reload on the dashboard of the new workspace. */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (id: string) => http.post(`/settings/workspaces/${id}/switch`),
    onSuccess: () => window.location.assign(HOME_PATH),
  });
}
