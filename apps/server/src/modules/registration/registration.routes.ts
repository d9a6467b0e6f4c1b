import {
  envelope,
  ForgetPasswordBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResultSchema,
} from '@vigil/contracts';
import { z } from 'zod';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { completeLink, requestPasswordReset, requestRegistration, type RegistrationDeps } from './registration.service.ts';

export function registerRegistrationRoutes(app: App, deps: RegistrationDeps): void {
  app.post(
    '/api/register',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth'], summary: 'Sign up: mails a link to set a password', body: RegisterBodySchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await requestRegistration(deps, { ...request.body, language: request.language });
      return { data: null, message: request.t('registration.mail_sent', { email: request.body.email }) };
    },
  );

  app.post(
    '/api/forget-password',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth'], summary: 'Mail a single-use link to choose a new password', body: ForgetPasswordBodySchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body);
      return { data: null, message: request.t('password.reset_mail_sent', { email: request.body.email }) };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { guard: guards.public },
      schema: {
        tags: ['auth'],
        summary: 'Set a password through a mailed link (registration, reset or invitation)',
        body: ResetPasswordBodySchema,
        response: { 200: envelope(ResetPasswordResultSchema) },
      },
    },
    async (request) => {
      const result = await completeLink(deps, { ...request.body, ip: request.ip, t: request.t });
      const message = { register: 'registration.done', reset: 'password.reset_done', invite: 'invitation.accepted' } as const;
      return { data: result, message: request.t(message[result.purpose]) };
    },
  );
}
