import type { ChecklistSources } from '../../../components/checklist-renderer/index.ts';
import { api } from '../../../lib/api.ts';

/** How many items a global_list question offers at once; typing narrows them. */
const GLOBAL_LIST_CHOICES = 25;

/** What the preview's questions read from the workspace: a global list's items in use, by name order, searched by name and values. */
export const previewSources: ChecklistSources = {
  globalListItems: async (listUuid, search) => {
    const query = {
      limit: GLOBAL_LIST_CHOICES,
      page: 1,
      sort: { display_name: 'asc' },
      ...(search.trim() ? { filter: { search: { operator: 'contains', value: search.trim() } } } : {}),
    } as const;
    return (await api('GET /api/resources/global-lists/:id/items', { params: { id: listUuid }, query }, { silent: true })).data.list;
  },
};
