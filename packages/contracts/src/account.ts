import { z } from 'zod';
import { AuthStateSchema, UserDataSchema } from './auth.ts';
import { DATE_FORMAT, LANGUAGES } from './constants.ts';
import { defineEndpoints } from './endpoint.ts';
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
].map(([offset, tzCode]) => ({ offset: offset, tzCode: tzCode, label: `(GMT${offset}) ${tzCode.replace(/_/g, ' ')}` }));
export type TimeZoneEntry = (typeof TIME_ZONES)[number];
export const TZ_CODES = TIME_ZONES.map((zone) => zone.tzCode);

export const ChangePasswordBodySchema = z
  .strictObject({
    current_password: z.string().min(1, { error: 'validation.required' }).max(PASSWORD_MAX_LENGTH),
    new_password: newPassword(),
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.new_password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.password_mismatch',
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** General info (spec 1 §3 user: gender; docs/accounts.md): null when the person has not said. */
export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;

/**
 * Mobile numbers in international form: a `+`, the country code and the number, 8 to 15 digits
 * (E.164); spaces, dots, hyphens and brackets may be typed and are dropped when stored.
 */
export const MOBILE_PATTERN = /^\+[\d\s().-]+$/;
export const MOBILE_MIN_DIGITS = 8;
export const MOBILE_MAX_DIGITS = 15;

export function normaliseMobile(value: string): string {
  return `+${value.replace(/\D/g, '')}`;
}

export const MobileSchema = z
  .string()
  .trim()
  .max(32, { error: 'validation.mobile', abort: true })
  .regex(MOBILE_PATTERN, { error: 'validation.mobile', abort: true })
  .transform(normaliseMobile)
  .refine((value) => value.length - 1 >= MOBILE_MIN_DIGITS && value.length - 1 <= MOBILE_MAX_DIGITS, { error: 'validation.mobile' });

export const BIRTH_DATE_MIN = '1900-01-01';

/**
 * The latest birth date anyone can have now: today where the day starts first (UTC+14), so no
 * person is refused their own today whatever their time zone.
 */
export function latestBirthDate(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Spec 1 §5 "birth date must be valid": a real YYYY-MM-DD day, from 1900 and not in the future. */
export const BirthDateSchema = z
  .string()
  .max(DATE_FORMAT.length, { error: 'validation.birth_date', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.birth_date', abort: true })
  .refine(isCalendarDate, { error: 'validation.birth_date', abort: true })
  .refine((value) => value >= BIRTH_DATE_MIN, { error: 'validation.birth_date', abort: true })
  .refine((value) => value <= latestBirthDate(), { error: 'validation.birth_date_future' });

/**
 * Names, and optionally the general info and the profile picture: a field left out stays as it is,
 * null clears it. `avatar` is the URL of a picture the person uploaded (`POST /file/upload`).
 */
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
  gender: GenderSchema.nullable().optional(),
  birth_date: BirthDateSchema.nullable().optional(),
  /** An empty field clears the number. */
  mobile: z.preprocess((value) => (value === '' ? null : value), MobileSchema.nullable()).optional(),
  avatar: z.string().max(300).nullable().optional(),
});
export type ChangeBasicInfoBody = z.input<typeof ChangeBasicInfoBodySchema>;

/** `GET /user/account/my-profile`: the session user and what only the settings screen shows. */
export const MyProfileSchema = UserDataSchema.extend({ mobile: z.string().nullable() });
export type MyProfile = z.infer<typeof MyProfileSchema>;

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

export const accountEndpoints = defineEndpoints({
  'GET /api/user/account/my-profile': { summary: 'The signed-in user, with the mobile number', response: MyProfileSchema },
  'POST /api/user/account/change-password': {
    summary: 'Change my password (other sessions end)',
    body: ChangePasswordBodySchema,
    response: z.null(),
  },
  'POST /api/user/account/change-basic-info': {
    summary: 'Change my names, general info (gender, birth date, mobile) and profile picture',
    body: ChangeBasicInfoBodySchema,
    response: AuthStateSchema,
  },
  'POST /api/user/account/change-preference-info': {
    summary: 'Change my language, time zone and date display',
    body: ChangePreferenceBodySchema,
    response: AuthStateSchema,
  },
});
