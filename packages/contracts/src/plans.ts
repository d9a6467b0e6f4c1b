import { z } from 'zod';
import { FREE_TRIAL_DAYS } from './constants.ts';
import { defineEndpoints } from './endpoint.ts';

export const PLANS = ['free', 'standard', 'premium', 'enterprise'] as const;
export const PlanSchema = z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

export const PLAN_FEATURES = [
  'app_branding',
  'ckl_rule',
  'ckl_image_marker',
  'ckl_calculation',
  'ana_overview',
  'app_sso',
  'ckl_create_checklist_from_csv',
  'ckl_repeater',
  'ckl_item_repeater',
  'ckl_global_list',
  'ana_issues',
  'ana_responses',
  'app_integrations_s3',
  'act_create_issue',
  'ana_reports',
  'app_integrations_google_drive',
] as const;
export const PlanFeatureSchema = z.enum(PLAN_FEATURES);
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;

/**
 * The plan that first includes each feature; every higher plan includes it too.
 * Derived from spec 1 §1 (see docs/plans.md for the reading of the tiers).
 */
export const FEATURE_REQUIRED_PLAN = {
  app_branding: 'standard',
  ckl_rule: 'standard',
  ckl_image_marker: 'standard',
  ckl_calculation: 'standard',
  ana_overview: 'standard',
  app_sso: 'premium',
  ckl_create_checklist_from_csv: 'premium',
  ckl_repeater: 'premium',
  ckl_item_repeater: 'premium',
  ckl_global_list: 'premium',
  ana_issues: 'premium',
  ana_responses: 'premium',
  app_integrations_s3: 'premium',
  act_create_issue: 'premium',
  ana_reports: 'enterprise',
  app_integrations_google_drive: 'enterprise',
} as const satisfies Record<PlanFeature, Plan>;

/** Marketing bullets of each tier, as i18n keys under `plans:bullets.*`. */
export const PLAN_BULLETS = {
  free: ['simple_checklists', 'templates'],
  standard: ['branding', 'rules', 'image_marker', 'calculation', 'analytics_overview'],
  premium: ['saml_sso', 'advanced_checklists', 'repeater', 'advanced_analytics', 's3_integration', 'task_tracking'],
  enterprise: ['advanced_customization', 'full_analytics', 'sla', 'success_manager', 'on_premise', 'api'],
} as const satisfies Record<Plan, readonly string[]>;

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

export function planIncludes(plan: Plan, feature: PlanFeature): boolean {
  return planRank(plan) >= planRank(FEATURE_REQUIRED_PLAN[feature]);
}

/** The feature map of a plan: every feature key with a boolean value. */
export function featuresOfPlan(plan: Plan): Record<PlanFeature, boolean> {
  return Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, planIncludes(plan, feature)])) as Record<PlanFeature, boolean>;
}

export const WorkspacePlanSchema = z.object({
  plan: PlanSchema,
  trial_plan: PlanSchema.nullable(),
  trial_ends_at: z.string().nullable(),
  features: z.record(PlanFeatureSchema, z.boolean()),
});
export type WorkspacePlan = z.infer<typeof WorkspacePlanSchema>;

/** `POST /api/settings/organization/plans/trial`: the higher plan to try for FREE_TRIAL_DAYS. */
export const StartTrialBodySchema = z.strictObject({ plan: PlanSchema.exclude(['free']) });
export type StartTrialBody = z.infer<typeof StartTrialBodySchema>;

/** Whole days left of a trial ending at `endsAt` (0 once it has ended). */
export function trialDaysLeft(endsAt: string | Date | null, now: Date = new Date()): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / 86_400_000));
}

export const planEndpoints = defineEndpoints({
  'GET /api/settings/organization/plans': { summary: "The workspace's plan, trial and feature map", response: WorkspacePlanSchema },
  'POST /api/settings/organization/plans/trial': {
    summary: `Start the workspace's one ${FREE_TRIAL_DAYS}-day free trial of a higher plan`,
    body: StartTrialBodySchema,
    response: WorkspacePlanSchema,
  },
  'DELETE /api/settings/organization/plans/trial': { summary: 'Cancel the running free trial', response: WorkspacePlanSchema },
});
