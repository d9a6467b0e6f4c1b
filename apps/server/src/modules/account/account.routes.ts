import {
  AuthStateSchema,
  ChangeBasicInfoBodySchema,
  ChangePasswordBodySchema,
  ChangePreferenceBodySchema,
  envelope,
  MyProfileSchema,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import { sessionToken } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { FileStore } from '../../platform/files/index.ts';
import type { App } from '../../platform/http.ts';
import { changeOwnBasicInfo, changeOwnPassword, changeOwnPreferences } from './account.service.ts';

const tags = ['account'];
const guard = guards.signedIn;

export function registerAccountRoutes(app: App, deps: { db: Db; sessions: SessionStore; files: FileStore }): void {
  /** The session as it is after a change, so the web app updates the session user at once. */
  async function freshState(request: FastifyRequest) {
    const token = sessionToken(request);
    const auth = token ? await deps.sessions.authenticate(token) : null;
    if (!auth) throw unauthenticated();
    return describeAuth(auth);
  }

  app.get(
    '/api/user/account/my-profile',
    { config: { guard }, schema: { tags, summary: 'The signed-in user, with the mobile number', response: { 200: envelope(MyProfileSchema) } } },
    async (request) => ({ data: { ...describeAuth(request.auth!).userData, mobile: request.auth!.user.mobile } }),
  );

  app.post(
    '/api/user/account/change-password',
    { config: { guard }, schema: { tags, summary: 'Change my password (other sessions end)', body: ChangePasswordBodySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await changeOwnPassword(deps.db, request.auth!, request.body, { ip: request.ip, t: request.t });
      return { data: null, message: request.t('account.password_changed') };
    },
  );

  app.post(
    '/api/user/account/change-basic-info',
    {
      config: { guard },
      schema: { tags, summary: 'Change my names, general info (gender, birth date, mobile) and profile picture', body: ChangeBasicInfoBodySchema, response: { 200: envelope(AuthStateSchema) } },
    },
    async (request) => {
      await changeOwnBasicInfo(deps.db, request.auth!, request.body, { ip: request.ip, t: request.t, files: deps.files });
      return { data: await freshState(request), message: request.t('account.saved') };
    },
  );

  app.post(
    '/api/user/account/change-preference-info',
    { config: { guard }, schema: { tags, summary: 'Change my language, time zone and date display', body: ChangePreferenceBodySchema, response: { 200: envelope(AuthStateSchema) } } },
    async (request) => {
      await changeOwnPreferences(deps.db, request.auth!, request.body, request.ip);
      return { data: await freshState(request), message: request.t('account.saved') };
    },
  );
}
