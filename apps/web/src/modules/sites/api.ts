import type { SiteStructureBody } from '@vigil/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

export const useSiteStructures = () => useApi('GET /api/resources/sites/structures/all', {});
export const useSiteStructure = (id: string) => useApi('GET /api/resources/sites/structures/:id', { params: { id } });

/** A change to a structure reloads the list and every structure shown. */
function useStructureMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: everyAnswerOf('GET /api/resources/sites/structures/all') });
      await client.invalidateQueries({ queryKey: everyAnswerOf('GET /api/resources/sites/structures/:id') });
    },
  });
}

export const useCreateSiteStructure = () =>
  useStructureMutation((body: SiteStructureBody) => api('POST /api/resources/sites/structures/new', { body }));
/** Silent: the editor shows the refusal beside the tree. */
export const useSaveSiteStructure = () =>
  useStructureMutation(({ id, body }: { id: string; body: SiteStructureBody }) =>
    api('PUT /api/resources/sites/structures/:id', { params: { id }, body }, { silent: true }),
  );
export const useDeleteSiteStructure = () =>
  useStructureMutation((id: string) => api('DELETE /api/resources/sites/structures/:id', { params: { id } }));
