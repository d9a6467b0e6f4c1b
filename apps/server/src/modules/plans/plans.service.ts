import { FREE_TRIAL_DAYS, featuresOfPlan, planRank, type Plan, type WorkspacePlan } from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { effectivePlan, type WorkspaceRow } from '../../platform/auth/sessions.ts';
import { AppError, message, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { endRunningTrial, findWorkspace, startTrialOnce } from './plans.repo.ts';

/** The plan answer (`GET /api/settings/organization/plans`): features follow the plan in force. */
export function planOf(workspace: WorkspaceRow, now = new Date()): WorkspacePlan {
  return {
    plan: workspace.plan,
    trial_plan: workspace.trialPlan,
    trial_ends_at: workspace.trialEndsAt?.toISOString() ?? null,
    features: featuresOfPlan(effectivePlan(workspace, now)),
  };
}

/**
 * Starts the workspace's one free trial of a plan above its paid one. It ends by itself after
 * FREE_TRIAL_DAYS: the plan in force is computed from the end date, so nothing has to run then.
 */
export async function startTrial(ctx: TenantContext, plan: Plan, call: { ip: string }, now = new Date()): Promise<WorkspacePlan> {
  const workspace = await findWorkspace(ctx);
  if (planRank(plan) <= planRank(workspace.plan)) throw validationFailed({ plan: [message('plans.trial_not_higher')] });
  const endsAt = new Date(now.getTime() + FREE_TRIAL_DAYS * 86_400_000);
  const started = await startTrialOnce(ctx, plan, endsAt);
  if (!started) throw new AppError(409, '_CONFLICT', 'plans.trial_used');
  await recordActivity(ctx, {
    type: 'workspace.trial_started',
    objectType: 'workspace',
    objectId: ctx.workspaceId,
    after: { trial_plan: plan, trial_ends_at: endsAt.toISOString() },
    ip: call.ip,
  });
  return planOf(started, now);
}

/** Ends the running trial at once; the workspace goes back to its paid plan. */
export async function cancelTrial(ctx: TenantContext, ip: string, now = new Date()): Promise<WorkspacePlan> {
  const ended = await endRunningTrial(ctx, now);
  if (!ended) throw new AppError(409, '_CONFLICT', 'plans.no_trial');
  await recordActivity(ctx, {
    type: 'workspace.trial_cancelled',
    objectType: 'workspace',
    objectId: ctx.workspaceId,
    after: { trial_plan: ended.trialPlan },
    ip,
  });
  return planOf(ended, now);
}
