import { useApi } from '../../lib/api.ts';

/** `GET /settings/organization/plans`: the workspace's plan, trial and feature map. */
export const useWorkspacePlan = () => useApi('GET /api/settings/organization/plans', {}, { silent: true });
