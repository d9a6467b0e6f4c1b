import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { PlanFeatureSchema } from './plans.ts';
import { AppSettingsSchema, WorkspaceSchema } from './workspaces.ts';

export const LoginBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'validation.email' })),
  password: z.string().min(1, { error: 'validation.required' }).max(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The session user (spec 1 §3 userData) with the permission codes it holds. */
export const UserDataSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  nick_name: z.string().nullable(),
  full_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  locale: z.enum(LANGUAGES),
  tz_code: z.string().nullable(),
  abilities: z.array(z.string()),
  preferences: z.record(z.string(), z.unknown()),
});
export type UserData = z.infer<typeof UserDataSchema>;

export const AuthStateSchema = z.object({
  userData: UserDataSchema,
  workspace: WorkspaceSchema,
  app_settings: AppSettingsSchema,
  features: z.record(PlanFeatureSchema, z.boolean()),
});
export type AuthState = z.infer<typeof AuthStateSchema>;
