import { ASYNC_SELECT_DEBOUNCE_MS, type GlobalResponse } from '@vigil/contracts';
import type { GlobalResponseSet } from '@vigil/checklist';
import { useApi } from '../../lib/api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** How many sets the picker offers at once; typing narrows them by name. */
const GLOBAL_RESPONSE_PICKER_LIMIT = 50;

/** The workspace's global response sets whose name contains `search` (a page of them: `data.list`). */
export function useGlobalResponseSets(search: string) {
  const debounced = useDebouncedValue(search.trim(), ASYNC_SELECT_DEBOUNCE_MS);
  const query = {
    limit: GLOBAL_RESPONSE_PICKER_LIMIT,
    page: 1,
    sort: { name: 'asc' },
    ...(debounced ? { filter: { name: { operator: 'contains', value: debounced } } } : {}),
  } as const;
  return useApi('GET /api/checklist/global-response/list', { query }, { silent: true });
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
