import { registrationEndpoints } from '@vigil/contracts';
import { message } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountEndpoints } from '../../platform/kit.ts';
import { completeLink, requestPasswordReset, requestRegistration, type RegistrationDeps } from './registration.service.ts';

/** What the person sees once a mailed link has set their password, by what the link was for. */
const LINK_DONE = { register: 'registration.done', reset: 'password.reset_done', invite: 'invitation.accepted' } as const;

export function registerRegistrationRoutes(app: App, deps: RegistrationDeps): void {
  mountEndpoints({ app, tags: ['auth'] }, registrationEndpoints, {
    'POST /api/register': {
      guard: guards.public,
      message: ({ input }) => message('registration.mail_sent', { email: input.body.email }),
      handle: async ({ body }, request) => {
        await requestRegistration(deps, { ...body, language: request.language });
        return null;
      },
    },
    'POST /api/forget-password': {
      guard: guards.public,
      message: ({ input }) => message('password.reset_mail_sent', { email: input.body.email }),
      handle: async ({ body }) => {
        await requestPasswordReset(deps, body);
        return null;
      },
    },
    'POST /api/reset-password': {
      guard: guards.public,
      message: ({ data }) => message(LINK_DONE[data.purpose]),
      handle: ({ body }, request) => completeLink(deps, { ...body, ip: request.ip }),
    },
  });
}
