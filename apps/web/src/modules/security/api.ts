import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@vigil/contracts';
import { http } from '../../lib/http.ts';

const securityKey = ['settings', 'security'] as const;

export function useSecuritySettings() {
  return useQuery({ queryKey: securityKey, queryFn: async () => (await http.get<SecuritySettings>('/settings/security')).data });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => http.put<SecuritySettings>('/settings/security', body),
    onSuccess: (answer) => queryClient.setQueryData(securityKey, answer.data),
  });
}
