import { authEndpoints, isTwoFactorChallenge, type AuthState } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KnownDevices } from '../../platform/auth/known-devices.ts';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../platform/auth/sessions.ts';
import { message, unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountEndpoints } from '../../platform/kit.ts';
import { resendSecondFactor, signIn, signInWithSecondFactor, signOut, type AuthServiceDeps } from './auth.service.ts';

export interface AuthRoutesDeps extends AuthServiceDeps {
  secureCookies: boolean;
  knownDevices: KnownDevices;
}

/** The welcome of a new session. */
const welcome = (session: AuthState) => message('auth.signed_in', { name: session.userData.first_name });

export function registerAuthRoutes(app: App, deps: AuthRoutesDeps): void {
  /** Where a sign-in step comes from: the address, and this browser when it signed in to the account before. */
  const callerOf = (request: FastifyRequest, email: string) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    knownDevice: deps.knownDevices.recognise(request, email),
  });

  /** A sign-in replaces the session this browser held. */
  async function endPreviousSession(request: FastifyRequest) {
    const previous = sessionToken(request);
    if (previous) await deps.sessions.destroy(previous);
  }

  /** Hands the new session to the browser: its cookie, and the session user. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) {
    const auth = await deps.sessions.authenticate(session.token);
    if (!auth) throw unauthenticated();
    setSessionCookie(reply, session, deps.secureCookies);
    deps.knownDevices.remember(request, reply, auth.user.email);
    return describeAuth(auth);
  }

  mountEndpoints({ app, tags: ['auth'] }, authEndpoints, {
    'POST /api/login': {
      guard: guards.public,
      message: ({ data }) => {
        if (!isTwoFactorChallenge(data)) return welcome(data);
        return message(data.method === 'email' ? 'two_factor.code_sent' : 'two_factor.enter_app_code', { to: data.to ?? '' });
      },
      respond: async ({ body }, request, reply) => {
        await endPreviousSession(request);
        const outcome = await signIn(deps, { ...body, ...callerOf(request, body.email) });
        return 'challenge' in outcome ? outcome.challenge : startSession(request, reply, outcome.session);
      },
    },
    'POST /api/login-2fa': {
      guard: guards.public,
      message: ({ data }) => welcome(data),
      respond: async ({ body }, request, reply) => {
        await endPreviousSession(request);
        return startSession(request, reply, await signInWithSecondFactor(deps, { ...body, ...callerOf(request, body.email) }));
      },
    },
    'POST /api/resend-2fa': {
      guard: guards.public,
      message: 'two_factor.code_resent',
      handle: ({ body }, request) => resendSecondFactor(deps, { ...body, ...callerOf(request, body.email) }),
    },
    'GET /api/user/auth': { guard: guards.signedIn, handle: async (_, request) => describeAuth(request.auth!) },
    'POST /api/user/logout': {
      guard: guards.signedIn,
      message: 'auth.signed_out',
      respond: async (_, request, reply) => {
        const token = sessionToken(request);
        if (token) await signOut(deps, request.auth!, token, { ip: request.ip, userAgent: request.headers['user-agent'] });
        clearSessionCookie(reply);
        return null;
      },
    },
  });
}
