import type { ActivityObjectType, ActivityType, ActivityValues } from '@vigil/contracts';
import { activityLogs } from '../../db/schema/index.ts';
import { stamped, type TenantContext } from '../tenancy.ts';
import { changedValues } from './activity-changes.ts';
import { objectName } from './activity-objects.ts';

export interface ActivityEntry {
  /** One of ACTIVITY_TYPES (contracts/logs.ts). */
  type: ActivityType;
  objectType: ActivityObjectType;
  objectId?: string | null;
  /**
   * The object's name as readers should see it; left out, it is read from the object itself, so a
   * caller that has just deleted the object passes the name it had.
   */
  objectName?: string | null;
  /** The fields before and after the change (only those that differ are kept). */
  before?: ActivityValues | null;
  after?: ActivityValues | null;
  /** The caller's address. */
  ip: string | null;
}

/**
 * Records who did what to which object, in the caller's transaction (ctx.tx): a write that
 * rolls back leaves no entry, one that commits always has one.
 */
export async function recordActivity(ctx: TenantContext, entry: ActivityEntry): Promise<void> {
  const { before, after } = changedValues(entry.before, entry.after);
  const name = entry.objectName === undefined ? await objectName(ctx, entry.objectType, entry.objectId) : entry.objectName;
  await ctx.tx.insert(activityLogs).values(
    stamped(ctx, {
      userId: ctx.actor.userId,
      type: entry.type,
      objectType: entry.objectType,
      objectId: entry.objectId ?? null,
      objectName: name,
      before,
      after,
      ip: entry.ip,
    }),
  );
}

/**
 * Records a change made to several objects at once (archive, restore): a record naming the object when
 * there was one, one counting them when there were more, none when nothing changed.
 */
export async function recordEachOrCount(
  ctx: TenantContext,
  changed: readonly { id: string; name: string }[],
  entry: Pick<ActivityEntry, 'type' | 'objectType' | 'ip'>,
): Promise<void> {
  if (changed.length === 1) await recordActivity(ctx, { ...entry, objectId: changed[0].id, objectName: changed[0].name });
  else if (changed.length > 1) await recordActivity(ctx, { ...entry, objectName: null, after: { count: changed.length } });
}
