import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** Spec 1 §5: letters (any script), spaces, hyphen and apostrophe only. */
export const ALPHA_PATTERN = /^(?:[\p{L}\p{M}][\p{L}\p{M}\s'’-]*)?$/u;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
/** A new password must differ from this many previous ones (the current one included). */
export const PASSWORD_HISTORY_DEPTH = 5;
/** Registration and invitation links stay valid this long; reset links for one hour. */
export const SIGN_UP_LINK_HOURS = 72;
export const RESET_LINK_MINUTES = 60;
/** A second mail of the same kind to the same address is not sent within this window. */
export const MAIL_LINK_COOLDOWN_SECONDS = 60;

const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'validation.email' }).max(254));

export const personName = () =>
  z.string().trim().min(1, { error: 'validation.required' }).max(NAME_MAX_LENGTH).regex(ALPHA_PATTERN, { error: 'validation.alpha' });

export const newPassword = () => z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const RegisterBodySchema = z.strictObject({
  first_name: personName(),
  last_name: personName(),
  email: email(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ForgetPasswordBodySchema = z.strictObject({ email: email() });
export type ForgetPasswordBody = z.infer<typeof ForgetPasswordBodySchema>;

/**
 * Sets a password through a mailed link (registration, reset or invitation). `token` is the
 * link's secret; the spec's `current_password` field name is not used for it (docs/accounts.md).
 */
export const ResetPasswordBodySchema = z
  .strictObject({
    email: email(),
    token: z.string().min(1, { error: 'validation.required' }).max(200),
    new_password: newPassword(),
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.new_password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.password_mismatch',
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** What a link set up: a new account (with its workspace), a reset password, or an accepted invitation. */
export const ResetPasswordResultSchema = z.object({ purpose: z.enum(['register', 'reset', 'invite']) });
export type ResetPasswordResult = z.infer<typeof ResetPasswordResultSchema>;

/** Signing up, and the mailed links that set a password (the registration module). */
export const registrationEndpoints = defineEndpoints({
  'POST /api/register': { summary: 'Sign up: mails a link to set a password', body: RegisterBodySchema, response: z.null() },
  'POST /api/forget-password': {
    summary: 'Mail a single-use link to choose a new password',
    body: ForgetPasswordBodySchema,
    response: z.null(),
  },
  'POST /api/reset-password': {
    summary: 'Set a password through a mailed link (registration, reset or invitation)',
    body: ResetPasswordBodySchema,
    response: ResetPasswordResultSchema,
  },
});
