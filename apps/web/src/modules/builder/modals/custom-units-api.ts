import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, everyAnswerOf, useApi } from '../../../lib/api.ts';

/** The workspace's custom units. */
export const useCustomUnits = (enabled: boolean) => useApi('GET /api/checklist/custom-units/all', {}, { enabled });

export const useCreateCustomUnit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; symbol: string }) => (await api('POST /api/checklist/custom-units/new', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: everyAnswerOf('GET /api/checklist/custom-units/all') }),
  });
};
