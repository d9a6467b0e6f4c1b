import { useQuery } from '@tanstack/react-query';
import type { ActivityLogList, ActivityTypeItem, ActivityUser, ListQueryInput, SelectOption } from '@vigil/contracts';
import { http } from '../../lib/http.ts';

export const logKeys = {
  types: ['logs', 'types'] as const,
};

/** `GET /log/activity-types`: every type with this workspace's count and last record. */
export const useActivityTypes = () =>
  useQuery({ queryKey: logKeys.types, queryFn: async () => (await http.get<ActivityTypeItem[]>('/log/activity-types')).data });

/** One page of my activity, or of everyone's (`/log/user-activity-log`). */
export const loadActivity = (scope: 'mine' | 'users') => async (query: ListQueryInput) =>
  (await http.get<ActivityLogList>(scope === 'mine' ? '/log/activity-log' : '/log/user-activity-log', { query })).data;

/** Members for the user filter: by search text, or the labels of chosen ids. */
export async function loadActivityUsers(params: { q: string; ids?: string[] }): Promise<SelectOption[]> {
  const query = params.ids?.length ? { ids: params.ids } : params.q ? { q: params.q } : {};
  const users = (await http.get<ActivityUser[]>('/log/users', { query, silent: true })).data;
  return users.map((user) => ({ value: user.id, label: `${user.full_name} (${user.email})` }));
}
