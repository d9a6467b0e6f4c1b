import type { ListQueryInput, SelectOption } from '@vigil/contracts';
import { api, useApi } from '../../lib/api.ts';

/** Every activity type with this workspace's count and last record. */
export const useActivityTypes = () => useApi('GET /api/log/activity-types', {});

/** One page of my activity, or of everyone's. */
export const loadActivity = (scope: 'mine' | 'users') => async (query: ListQueryInput) =>
  (await api(scope === 'mine' ? 'GET /api/log/activity-log' : 'GET /api/log/user-activity-log', { query })).data;

/** Members for the user filter: by search text, or the labels of chosen ids. */
export async function loadActivityUsers(params: { q: string; ids?: string[] }): Promise<SelectOption[]> {
  const query = params.ids?.length ? { ids: params.ids } : params.q ? { q: params.q } : {};
  const users = (await api('GET /api/log/users', { query }, { silent: true })).data;
  return users.map((user) => ({ value: user.id, label: `${user.full_name} (${user.email})` }));
}
