import { useQuery } from '@tanstack/react-query';
import type { AuthState, Workspace } from '@vigil/contracts';
import { http } from '../../lib/http.ts';

/** `GET /settings/organization/plans`: the workspace's plan, trial and feature map. */
export type WorkspacePlan = Pick<Workspace, 'plan' | 'trial_plan' | 'trial_ends_at'> & Pick<AuthState, 'features'>;

export const planKeys = {
  current: ['plans', 'current'] as const,
};

export function useWorkspacePlan() {
  return useQuery({
    queryKey: planKeys.current,
    queryFn: async () => (await http.get<WorkspacePlan>('/settings/organization/plans', { silent: true })).data,
  });
}
