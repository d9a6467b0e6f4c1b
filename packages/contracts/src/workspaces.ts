import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { PlanSchema } from './plans.ts';

export const BRANCHES = ['DE', 'US'] as const;
export const BranchSchema = z.enum(BRANCHES);

export const AppSettingsSchema = z.object({
  display_name: z.string(),
  logo: z.string().nullable(),
  logo_full: z.string().nullable(),
  langs: z.array(z.enum(LANGUAGES)),
  saved_queries_enabled: z.boolean(),
  cas_enabled: z.boolean(),
  cas_url: z.string().nullable(),
  cas_logout_url: z.string().nullable(),
  cas_assertion_key: z.string().nullable(),
  cas_target_key: z.string().nullable(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

export const WorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  branch: BranchSchema,
  plan: PlanSchema,
  trial_plan: PlanSchema.nullable(),
  trial_ends_at: z.string().nullable(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
