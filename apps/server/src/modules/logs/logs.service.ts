import { ACTIVITY_TYPES, activityTypeGroupOf, SEARCH_LIMIT_USERS, type ActivityTypeItem } from '@vigil/contracts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { activityTypeCounts, findMembers } from './logs.repo.ts';

/** Every activity type the API writes, in the order of its areas, with this workspace's figures. */
export async function activityTypes(ctx: TenantContext): Promise<ActivityTypeItem[]> {
  const counts = await activityTypeCounts(ctx);
  return ACTIVITY_TYPES.map((type) => {
    const figures = counts.get(type);
    return { type, group: activityTypeGroupOf(type), count: figures?.count ?? 0, last_at: figures?.lastAt?.toISOString() ?? null };
  });
}

export const activityUsers = (ctx: TenantContext, query: { q?: string; ids?: string[] }) =>
  findMembers(ctx, { ...query, limit: SEARCH_LIMIT_USERS });
