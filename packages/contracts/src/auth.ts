import { z } from 'zod';
import { LANGUAGES, TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_NEXT_STEP } from './constants.ts';
import { defineEndpoints } from './endpoint.ts';
import { EMAIL_MAX, ID_MAX } from './limits.ts';
import { PlanFeatureSchema } from './plans.ts';
import { AppSettingsSchema, WorkspaceSchema } from './workspaces.ts';

export const LoginBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'validation.email' }).max(EMAIL_MAX)),
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

// Two-factor sign-in (spec 1 §2 /2fa, §4 USR_2FA, §5 "two-factor code is 6 digits").

export const TWO_FACTOR_METHODS = ['email', 'totp'] as const;
export const TwoFactorMethodSchema = z.enum(TWO_FACTOR_METHODS);
export type TwoFactorMethod = z.infer<typeof TwoFactorMethodSchema>;

/** How long a sign-in attempt (and its e-mailed code) waits for the second factor. */
export const TWO_FACTOR_CODE_MINUTES = 10;
/** Wrong codes an attempt survives; the fifth ends it and the person signs in again. */
export const TWO_FACTOR_MAX_FAILURES = 5;
/** Pause between two e-mailed codes of one attempt, and how many codes one attempt may send. */
export const TWO_FACTOR_RESEND_SECONDS = 30;
export const TWO_FACTOR_MAX_SENDS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes look like `k7q2m-x9w4t`: ten characters of a 31-letter alphabet without look-alikes. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const TWO_FACTOR_CODE_PATTERN = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);

export const TwoFactorCodeSchema = z.string().max(ID_MAX).trim().regex(TWO_FACTOR_CODE_PATTERN, { error: 'validation.two_factor_code' });

/** `POST /api/login` when a second factor is due: no session yet, the next step instead. */
export const TwoFactorChallengeSchema = z.object({
  next_step: z.literal(TWO_FACTOR_NEXT_STEP),
  method: TwoFactorMethodSchema,
  /** The masked address the code went to (e-mail method only). */
  to: z.string().nullable(),
  /** When the attempt expires (ISO 8601). */
  expiredAfter: z.string(),
  /** The attempt id: only this attempt's code completes the sign-in. */
  id: z.string(),
  /** Seconds before another code can be sent (e-mail method). */
  resend_after: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const LoginResultSchema = z.union([AuthStateSchema, TwoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

const attemptIdSchema = z.string().min(1, { error: 'validation.required' }).max(100);

/** A 6-digit code, or (authenticator method) one of the recovery codes. */
export const LoginTwoFactorBodySchema = z.object({
  email: LoginBodySchema.shape.email,
  id: attemptIdSchema,
  code: z
    .string()
    .max(ID_MAX)
    .trim()
    .toLowerCase()
    .refine((code) => TWO_FACTOR_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), { error: 'validation.two_factor_code' }),
});
export type LoginTwoFactorBody = z.infer<typeof LoginTwoFactorBodySchema>;

export const ResendTwoFactorBodySchema = z.object({ email: LoginBodySchema.shape.email, id: attemptIdSchema });
export type ResendTwoFactorBody = z.infer<typeof ResendTwoFactorBodySchema>;

export const ResendTwoFactorResultSchema = TwoFactorChallengeSchema.pick({ expiredAfter: true, resend_after: true });
export type ResendTwoFactorResult = z.infer<typeof ResendTwoFactorResultSchema>;

/** What a refused code answers (spec 1 §7: login 2FA failures return their data to the screen). */
export const TwoFactorFailureDataSchema = z.object({ attempts_left: z.number().int() });
export type TwoFactorFailureData = z.infer<typeof TwoFactorFailureDataSchema>;

/** Signing in and out, and the session (the auth module). */
export const authEndpoints = defineEndpoints({
  'POST /api/login': {
    summary: 'Sign in with e-mail and password; answers the next step USR_2FA when a second factor is due',
    body: LoginBodySchema,
    response: LoginResultSchema,
  },
  'POST /api/login-2fa': {
    summary: 'Complete a sign-in with the code of its two-factor attempt',
    body: LoginTwoFactorBodySchema,
    response: AuthStateSchema,
  },
  'POST /api/resend-2fa': {
    summary: 'Send a new e-mailed code for a two-factor attempt (rate-limited)',
    body: ResendTwoFactorBodySchema,
    response: ResendTwoFactorResultSchema,
  },
  'GET /api/user/auth': { summary: 'The signed-in user, workspace, app settings and plan features', response: AuthStateSchema },
  'POST /api/user/logout': { summary: 'End the current session', response: z.null() },
});

// Enrolment from account settings.

export const TwoFactorStatusSchema = z.object({
  method: TwoFactorMethodSchema.nullable(),
  /** A workspace of the person asks for a second factor: without a method of their own, codes come by e-mail. */
  required_by_workspace: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorPasswordBodySchema = z.object({ password: z.string().min(1, { error: 'validation.required' }).max(1024) });
export type TwoFactorPasswordBody = z.infer<typeof TwoFactorPasswordBodySchema>;

export const TotpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpConfirmBodySchema = z.object({ code: TwoFactorCodeSchema });
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Turning the second factor off takes the password, or a current authenticator or recovery code. */
export const DisableTwoFactorBodySchema = z
  .object({
    password: z.string().max(1024).optional(),
    code: LoginTwoFactorBodySchema.shape.code.optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code), { error: 'validation.required', path: ['password'] });
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBodySchema>;

/** The workspace's security settings (/settings/security). */
export const SecuritySettingsSchema = z.object({ two_factor_required: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

/** A signed-in person's own second factor, from account settings (the two-factor module). */
export const twoFactorEndpoints = defineEndpoints({
  'GET /api/user/account/two-factor': { summary: 'My second factor', response: TwoFactorStatusSchema },
  'POST /api/user/account/two-factor/email': {
    summary: 'Sign in with a code sent by e-mail',
    body: TwoFactorPasswordBodySchema,
    response: TwoFactorStatusSchema,
  },
  'POST /api/user/account/two-factor/totp/start': {
    summary: 'Start setting up an authenticator app (secret and QR code)',
    body: TwoFactorPasswordBodySchema,
    response: TotpEnrolmentSchema,
  },
  'POST /api/user/account/two-factor/totp/confirm': {
    summary: 'Confirm the authenticator app with a code; answers the recovery codes once',
    body: TotpConfirmBodySchema,
    response: RecoveryCodesSchema,
  },
  'POST /api/user/account/two-factor/recovery-codes': {
    summary: 'New recovery codes (the old ones stop working)',
    body: TwoFactorPasswordBodySchema,
    response: RecoveryCodesSchema,
  },
  'POST /api/user/account/two-factor/disable': {
    summary: 'Turn my second factor off (password, or an authenticator or recovery code)',
    body: DisableTwoFactorBodySchema,
    response: TwoFactorStatusSchema,
  },
});

/** Whether the workspace asks every member for a second factor (/settings/security). */
export const securitySettingsEndpoints = defineEndpoints({
  'GET /api/settings/security': { summary: "The workspace's security settings", response: SecuritySettingsSchema },
  'PUT /api/settings/security': {
    summary: 'Require a second factor of every member, or not',
    body: SecuritySettingsSchema,
    response: SecuritySettingsSchema,
  },
});
