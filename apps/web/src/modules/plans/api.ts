import { useQuery } from '@tanstack/react-query';
import type { WorkspacePlan } from '@vigil/contracts';
import { http } from '../../lib/http.ts';

export const planKeys = {
  current: ['plans', 'current'] as const,
};

/** `GET /settings/organization/plans`: the workspace's plan, trial and feature map. */
export function useWorkspacePlan() {
  return useQuery({
    queryKey: planKeys.current,
    queryFn: async () => (await http.get<WorkspacePlan>('/settings/organization/plans', { silent: true })).data,
  });
}
