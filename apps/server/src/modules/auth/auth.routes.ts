import {
  AuthStateSchema,
  envelope,
  LoginBodySchema,
  LoginResultSchema,
  LoginTwoFactorBodySchema,
  ResendTwoFactorBodySchema,
  ResendTwoFactorResultSchema,
} from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KnownDevices } from '../../platform/auth/known-devices.ts';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../platform/auth/sessions.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { resendSecondFactor, signIn, signInWithSecondFactor, signOut, type AuthServiceDeps } from './auth.service.ts';

export interface AuthRoutesDeps extends AuthServiceDeps {
  secureCookies: boolean;
  knownDevices: KnownDevices;
}

export function registerAuthRoutes(app: App, deps: AuthRoutesDeps): void {
  /** Hands the new session to the browser: cookie, session user and a welcome. */
  /** Where a sign-in step comes from: the address, and this browser when it signed in to the account before. */
  const callerOf = (request: FastifyRequest, email: string) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    knownDevice: deps.knownDevices.recognise(request, email),
  });

  async function startSession(request: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) {
    const auth = await deps.sessions.authenticate(session.token);
    if (!auth) throw unauthenticated();
    setSessionCookie(reply, session, deps.secureCookies);
    deps.knownDevices.remember(request, reply, auth.user.email);
    return { data: describeAuth(auth), message: request.t('auth.signed_in', { name: auth.user.firstName }) };
  }

  app.post(
    '/api/login',
    {
      config: { guard: guards.public },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; answers the next step USR_2FA when a second factor is due',
        body: LoginBodySchema,
        response: { 200: envelope(LoginResultSchema) },
      },
    },
    async (request, reply) => {
      const previous = sessionToken(request);
      if (previous) await deps.sessions.destroy(previous);
      const outcome = await signIn(deps, { ...request.body, ...callerOf(request, request.body.email) });
      if ('challenge' in outcome) {
        const key = outcome.challenge.method === 'email' ? 'two_factor.code_sent' : 'two_factor.enter_app_code';
        return { data: outcome.challenge, message: request.t(key, { to: outcome.challenge.to ?? '' }) };
      }
      return startSession(request, reply, outcome.session);
    },
  );

  app.post(
    '/api/login-2fa',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth'], summary: 'Complete a sign-in with the code of its two-factor attempt', body: LoginTwoFactorBodySchema, response: { 200: envelope(AuthStateSchema) } },
    },
    async (request, reply) => {
      const previous = sessionToken(request);
      if (previous) await deps.sessions.destroy(previous);
      const session = await signInWithSecondFactor(deps, { ...request.body, ...callerOf(request, request.body.email) });
      return startSession(request, reply, session);
    },
  );

  app.post(
    '/api/resend-2fa',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth'], summary: 'Send a new e-mailed code for a two-factor attempt (rate-limited)', body: ResendTwoFactorBodySchema, response: { 200: envelope(ResendTwoFactorResultSchema) } },
    },
    async (request) => ({
      data: await resendSecondFactor(deps, { ...request.body, ...callerOf(request, request.body.email) }),
      message: request.t('two_factor.code_resent'),
    }),
  );

  app.get(
    '/api/user/auth',
    {
      config: { guard: guards.signedIn },
      schema: { tags: ['auth'], summary: 'The signed-in user, workspace, app settings and plan features', response: { 200: envelope(AuthStateSchema) } },
    },
    async (request) => ({ data: describeAuth(request.auth!) }),
  );

  app.post(
    '/api/user/logout',
    {
      config: { guard: guards.signedIn },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await signOut(deps, request.auth!, token, { ip: request.ip, userAgent: request.headers['user-agent'] });
      clearSessionCookie(reply);
      return { data: null, message: request.t('auth.signed_out') };
    },
  );
}
