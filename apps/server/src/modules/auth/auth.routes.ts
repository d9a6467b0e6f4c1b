import { AuthStateSchema, envelope, LoginBodySchema } from '@vigil/contracts';
import { z } from 'zod';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../platform/auth/sessions.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { describeAuth, signIn, type AuthServiceDeps } from './auth.service.ts';

export interface AuthRoutesDeps extends AuthServiceDeps {
  secureCookies: boolean;
}

export function registerAuthRoutes(app: App, deps: AuthRoutesDeps): void {
  app.post(
    '/api/login',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: LoginBodySchema, response: { 200: envelope(AuthStateSchema) } },
    },
    async (request, reply) => {
      const previous = sessionToken(request);
      if (previous) await deps.sessions.destroy(previous);
      const session = await signIn(deps, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
      const auth = await deps.sessions.authenticate(session.token);
      if (!auth) throw unauthenticated();
      setSessionCookie(reply, session, deps.secureCookies);
      return { data: describeAuth(auth), message: request.t('auth.signed_in', { name: auth.user.firstName }) };
    },
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
      if (token) await deps.sessions.destroy(token);
      clearSessionCookie(reply);
      return { data: null, message: request.t('auth.signed_out') };
    },
  );
}
