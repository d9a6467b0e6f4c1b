import { useQuery } from '@tanstack/react-query';
import { ASYNC_SELECT_DEBOUNCE_MS, type GlobalResponse, type Pagination } from '@vigil/contracts';
import type { GlobalResponseSet } from '@vigil/checklist';
import { useEffect, useState } from 'react';
import { http } from '../../lib/http.ts';

/** How many sets the picker offers at once; typing narrows them by name. */
export const GLOBAL_RESPONSE_PICKER_LIMIT = 50;

/** The workspace's global response sets whose name contains `search` (`GET /api/checklist/global-response/list`). */
export function useGlobalResponseSets(search: string) {
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), ASYNC_SELECT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return useQuery({
    queryKey: ['checklist', 'global-responses', 'picker', debounced],
    queryFn: async () => {
      const query = {
        limit: GLOBAL_RESPONSE_PICKER_LIMIT,
        page: 1,
        sort: { name: 'asc' },
        ...(debounced ? { filter: { name: { operator: 'contains', value: debounced } } } : {}),
      };
      return (await http.get<{ list: GlobalResponse[]; pagination: Pagination }>('/checklist/global-response/list', { query, silent: true })).data.list;
    },
  });
}

/** A workspace set as the template document keeps its copy: the set's id as uuid, its languages. */
export function toDocumentSet(set: GlobalResponse): GlobalResponseSet {
  return {
    uuid: set.id,
    name: set.name,
    options: set.options.map((option) => ({ uuid: option.uuid, label: option.label, color: option.color, score: option.score })),
    languages: set.options_lang,
  };
}
