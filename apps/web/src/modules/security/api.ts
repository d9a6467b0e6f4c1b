import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@vigil/contracts';
import { api, apiKey, useApi } from '../../lib/api.ts';

const SETTINGS = 'GET /api/settings/security';

export const useSecuritySettings = () => useApi(SETTINGS, {});

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api('PUT /api/settings/security', { body }),
    onSuccess: (answer) => queryClient.setQueryData(apiKey(SETTINGS, {}), answer.data),
  });
}
