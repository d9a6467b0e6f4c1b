import type { Plan } from '@vigil/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { workspaces } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';

export async function findWorkspace(ctx: TenantContext) {
  const [row] = await ctx.tx.select().from(workspaces).where(eq(workspaces.id, ctx.workspaceId));
  return row;
}

/** Starts the trial unless the workspace ever had one (`trial_ends_at` set): the check and the write are one statement. */
export async function startTrialOnce(ctx: TenantContext, plan: Plan, endsAt: Date) {
  const [row] = await ctx.tx
    .update(workspaces)
    .set({ trialPlan: plan, trialEndsAt: endsAt, updatedAt: new Date() })
    .where(and(eq(workspaces.id, ctx.workspaceId), isNull(workspaces.trialEndsAt)))
    .returning();
  return row;
}

/** Ends a running trial now; the plan and end stay recorded, so the workspace cannot start another. */
export async function endRunningTrial(ctx: TenantContext, now: Date) {
  const [row] = await ctx.tx
    .update(workspaces)
    .set({ trialEndsAt: now, updatedAt: now })
    .where(and(eq(workspaces.id, ctx.workspaceId), gt(workspaces.trialEndsAt, now)))
    .returning();
  return row;
}
