import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** The query key under which a DataTable keeps its pages: invalidating it reloads the table. */
export const tableQueryKey = (tableId: string) => ['data-table', tableId];

/**
 * A change to what lists show: on success the named DataTables and the other queries reload. The
 * server's message is toasted by the HTTP client.
 */
export function useListMutation<V, R>(
  call: (variables: V) => Promise<R>,
  reload: { tables: readonly string[]; queries?: readonly QueryKey[] },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [...reload.tables.map(tableQueryKey), ...(reload.queries ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
