import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewWorkspaceBody } from '@vigil/contracts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';
import { HOME_PATH } from '../../lib/paths.ts';

export const useMyWorkspaces = () => useApi('GET /api/settings/workspaces/my-workspaces', {});

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewWorkspaceBody) => (await api('POST /api/settings/workspaces/new', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: everyAnswerOf('GET /api/settings/workspaces/my-workspaces') }),
  });
}

/** Switching changes every answer of the session: reload on the dashboard of the new workspace. */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (id: string) => api('POST /api/settings/workspaces/:id/switch', { params: { id } }),
    onSuccess: () => window.location.assign(HOME_PATH),
  });
}
