import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { PlanSchema } from './plans.ts';
import { BranchSchema } from './workspaces.ts';
import { newPassword, personName } from './registration.ts';
import { NICKNAME_MAX_LENGTH, NICKNAME_PATTERN } from './users.ts';
import { PASSWORD_MAX_LENGTH } from './registration.ts';

/** Spec 1 §3 time zone entries, GMT-11:00 to GMT+14:00: one representative zone per offset. */
export const TIME_ZONES = [
  ['-11:00', 'Pacific/Pago_Pago'],
  ['-10:00', 'Pacific/Honolulu'],
  ['-09:30', 'Pacific/Marquesas'],
  ['-09:00', 'America/Anchorage'],
  ['-08:00', 'America/Los_Angeles'],
  ['-07:00', 'America/Denver'],
  ['-06:00', 'America/Chicago'],
  ['-05:00', 'America/New_York'],
  ['-04:00', 'America/Halifax'],
  ['-03:30', 'America/St_Johns'],
  ['-03:00', 'America/Sao_Paulo'],
  ['-02:00', 'America/Noronha'],
  ['-01:00', 'Atlantic/Azores'],
  ['+00:00', 'Europe/London'],
  ['+01:00', 'Europe/Berlin'],
  ['+02:00', 'Europe/Athens'],
  ['+03:00', 'Europe/Moscow'],
  ['+03:30', 'Asia/Tehran'],
  ['+04:00', 'Asia/Dubai'],
  ['+04:30', 'Asia/Kabul'],
  ['+05:00', 'Asia/Karachi'],
  ['+05:30', 'Asia/Kolkata'],
  ['+05:45', 'Asia/Kathmandu'],
  ['+06:00', 'Asia/Dhaka'],
  ['+06:30', 'Asia/Yangon'],
  ['+07:00', 'Asia/Bangkok'],
  ['+08:00', 'Asia/Singapore'],
  ['+09:00', 'Asia/Tokyo'],
  ['+09:30', 'Australia/Darwin'],
  ['+10:00', 'Australia/Sydney'],
  ['+10:30', 'Australia/Lord_Howe'],
  ['+11:00', 'Pacific/Noumea'],
  ['+12:00', 'Pacific/Auckland'],
  ['+12:45', 'Pacific/Chatham'],
  ['+13:00', 'Pacific/Tongatapu'],
  ['+14:00', 'Pacific/Kiritimati'],
].map(([offset, tzCode]) => ({ offset: offset!, tzCode: tzCode!, label: `(GMT${offset}) ${tzCode!.replace(/_/g, ' ')}` }));
export type TimeZoneEntry = (typeof TIME_ZONES)[number];
export const TZ_CODES = TIME_ZONES.map((zone) => zone.tzCode);

export const ChangePasswordBodySchema = z
  .strictObject({
    current_password: z.string().min(1, { error: 'validation.required' }).max(PASSWORD_MAX_LENGTH),
    new_password: newPassword(),
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.new_password === body.password_confirmation, { path: ['password_confirmation'], error: 'validation.password_mismatch' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangeBasicInfoBodySchema = z.strictObject({
  first_name: personName(),
  last_name: personName(),
  nick_name: z
    .string()
    .trim()
    .max(NICKNAME_MAX_LENGTH)
    .regex(NICKNAME_PATTERN, { error: 'validation.nickname' })
    .nullish()
    .transform((value) => value || null),
});
export type ChangeBasicInfoBody = z.input<typeof ChangeBasicInfoBodySchema>;

export const ChangePreferenceBodySchema = z.strictObject({
  locale: z.enum(LANGUAGES),
  tz_code: z.enum(TZ_CODES as [string, ...string[]]).nullable(),
  humanize_dates: z.boolean().default(true),
});
export type ChangePreferenceBody = z.input<typeof ChangePreferenceBodySchema>;

/** A workspace the signed-in person belongs to (`/settings/workspaces`). */
export const MyWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  branch: BranchSchema,
  plan: PlanSchema,
  current: z.boolean(),
  created_at: z.string(),
});
export type MyWorkspace = z.infer<typeof MyWorkspaceSchema>;

export const WORKSPACE_NAME_MAX_LENGTH = 100;

export const NewWorkspaceBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(WORKSPACE_NAME_MAX_LENGTH),
  branch: BranchSchema,
});
export type NewWorkspaceBody = z.infer<typeof NewWorkspaceBodySchema>;

export const WorkspaceIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
