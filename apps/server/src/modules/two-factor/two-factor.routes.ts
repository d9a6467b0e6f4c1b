import { securitySettingsEndpoints, twoFactorEndpoints } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountAccountEndpoints, mountWorkspaceEndpoints } from '../../platform/kit.ts';
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

const caller = (request: FastifyRequest) => ({ auth: request.auth!, ip: request.ip });
const guard = guards.signedIn;

/** Enrolment from account settings (any signed-in user, for themselves) and the workspace's security settings. */
export function registerTwoFactorRoutes(app: App, deps: TwoFactorDeps): void {
  const status = (request: FastifyRequest) => twoFactorStatus(deps.db, request.auth!.user.id);

  mountAccountEndpoints({ app, db: deps.db, tags: ['account'] }, twoFactorEndpoints, {
    'GET /api/user/account/two-factor': { guard, handle: (_, request) => status(request) },
    'POST /api/user/account/two-factor/email': {
      guard,
      message: 'two_factor.email_enabled',
      handle: async ({ body }, request) => {
        await enableEmailMethod(deps, caller(request), body.password);
        return status(request);
      },
    },
    'POST /api/user/account/two-factor/totp/start': {
      guard,
      handle: ({ body }, request) => startTotpSetup(deps, caller(request), body.password),
    },
    'POST /api/user/account/two-factor/totp/confirm': {
      guard,
      message: 'two_factor.totp_enabled',
      handle: async ({ body }, request) => ({ recovery_codes: await confirmTotpSetup(deps, caller(request), body.code) }),
    },
    'POST /api/user/account/two-factor/recovery-codes': {
      guard,
      handle: async ({ body }, request) => ({ recovery_codes: await renewRecoveryCodes(deps, caller(request), body.password) }),
    },
    'POST /api/user/account/two-factor/disable': {
      guard,
      message: 'two_factor.disabled',
      handle: async ({ body }, request) => {
        await disableTwoFactor(deps, caller(request), body);
        return status(request);
      },
    },
  });

  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['settings'] }, securitySettingsEndpoints, {
    'GET /api/settings/security': {
      guard: guards.anyOf('APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'),
      handle: (_, ctx) => securitySettings(ctx),
    },
    'PUT /api/settings/security': {
      guard: guards.anyOf('APP_EDIT_SETTINGS'),
      message: 'two_factor.security_saved',
      handle: ({ body }, ctx, request) => updateSecuritySettings(ctx, body, request.ip),
    },
  });
}
