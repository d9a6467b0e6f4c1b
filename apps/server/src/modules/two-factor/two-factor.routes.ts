import {
  DisableTwoFactorBodySchema,
  envelope,
  RecoveryCodesSchema,
  SecuritySettingsSchema,
  TotpConfirmBodySchema,
  TotpEnrolmentSchema,
  TwoFactorPasswordBodySchema,
  TwoFactorStatusSchema,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import {
  confirmTotpSetup,
  disableTwoFactor,
  enableEmailMethod,
  renewRecoveryCodes,
  securitySettings,
  startTotpSetup,
  twoFactorStatus,
  updateSecuritySettings,
  type TwoFactorDeps,
} from './two-factor.service.ts';

const caller = (request: FastifyRequest) => ({ auth: request.auth!, ip: request.ip, t: request.t });

/** Enrolment from account settings (any signed-in user, for themselves) and the workspace's security settings. */
export function registerTwoFactorRoutes(app: App, deps: TwoFactorDeps): void {
  const tags = ['account'];
  const guard = guards.signedIn;
  const status = (request: FastifyRequest) => twoFactorStatus(deps.db, request.auth!.user.id);

  app.get(
    '/api/user/account/two-factor',
    { config: { guard }, schema: { tags, summary: 'My second factor', response: { 200: envelope(TwoFactorStatusSchema) } } },
    async (request) => ({ data: await status(request) }),
  );

  app.post(
    '/api/user/account/two-factor/email',
    { config: { guard }, schema: { tags, summary: 'Sign in with a code sent by e-mail', body: TwoFactorPasswordBodySchema, response: { 200: envelope(TwoFactorStatusSchema) } } },
    async (request) => {
      await enableEmailMethod(deps, caller(request), request.body.password);
      return { data: await status(request), message: request.t('two_factor.email_enabled') };
    },
  );

  app.post(
    '/api/user/account/two-factor/totp/start',
    { config: { guard }, schema: { tags, summary: 'Start setting up an authenticator app (secret and QR code)', body: TwoFactorPasswordBodySchema, response: { 200: envelope(TotpEnrolmentSchema) } } },
    async (request) => ({ data: await startTotpSetup(deps, caller(request), request.body.password) }),
  );

  app.post(
    '/api/user/account/two-factor/totp/confirm',
    { config: { guard }, schema: { tags, summary: 'Confirm the authenticator app with a code; answers the recovery codes once', body: TotpConfirmBodySchema, response: { 200: envelope(RecoveryCodesSchema) } } },
    async (request) => {
      const codes = await confirmTotpSetup(deps, caller(request), request.body.code);
      return { data: { recovery_codes: codes }, message: request.t('two_factor.totp_enabled') };
    },
  );

  app.post(
    '/api/user/account/two-factor/recovery-codes',
    { config: { guard }, schema: { tags, summary: 'New recovery codes (the old ones stop working)', body: TwoFactorPasswordBodySchema, response: { 200: envelope(RecoveryCodesSchema) } } },
    async (request) => ({ data: { recovery_codes: await renewRecoveryCodes(deps, caller(request), request.body.password) } }),
  );

  app.post(
    '/api/user/account/two-factor/disable',
    { config: { guard }, schema: { tags, summary: 'Turn my second factor off (password, or an authenticator or recovery code)', body: DisableTwoFactorBodySchema, response: { 200: envelope(TwoFactorStatusSchema) } } },
    async (request) => {
      await disableTwoFactor(deps, caller(request), request.body);
      return { data: await status(request), message: request.t('two_factor.disabled') };
    },
  );

  app.get(
    '/api/settings/security',
    { config: { guard: guards.anyOf('APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS') }, schema: { tags: ['settings'], summary: "The workspace's security settings", response: { 200: envelope(SecuritySettingsSchema) } } },
    async (request) => ({ data: await securitySettings(deps.db, request.auth!) }),
  );

  app.put(
    '/api/settings/security',
    { config: { guard: guards.anyOf('APP_EDIT_SETTINGS') }, schema: { tags: ['settings'], summary: 'Require a second factor of every member, or not', body: SecuritySettingsSchema, response: { 200: envelope(SecuritySettingsSchema) } } },
    async (request) => ({
      data: await updateSecuritySettings(deps.db, request.auth!, request.body, request.ip),
      message: request.t('two_factor.security_saved'),
    }),
  );
}
