import { useQuery } from '@tanstack/react-query';
import type { WorkspacePlan } from '@vigil/contracts';
import { planKeys } from '../../components/useFreeTrial.ts';
import { http } from '../../lib/http.ts';

/** `GET /settings/organization/plans`: the workspace's plan, trial and feature map. */
export function useWorkspacePlan() {
  return useQuery({
    queryKey: planKeys.current,
    queryFn: async () => (await http.get<WorkspacePlan>('/settings/organization/plans', { silent: true })).data,
  });
}
