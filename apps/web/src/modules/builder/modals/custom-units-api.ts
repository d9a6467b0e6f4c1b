import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomUnit } from '@vigil/contracts';
import { http } from '../../../lib/http.ts';

const customUnitsKey = ['checklist', 'custom-units'] as const;

/** The workspace's custom units (`GET /api/checklist/custom-units/all`). */
export const useCustomUnits = (enabled: boolean) =>
  useQuery({ queryKey: customUnitsKey, enabled, queryFn: async () => (await http.get<CustomUnit[]>('/checklist/custom-units/all')).data });

export const useCreateCustomUnit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; symbol: string }) => (await http.post<CustomUnit>('/checklist/custom-units/new', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customUnitsKey }),
  });
};
