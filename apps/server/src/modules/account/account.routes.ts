import { accountEndpoints } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import { sessionToken } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { FileStore } from '../../platform/files/index.ts';
import type { App } from '../../platform/http.ts';
import { mountAccountEndpoints } from '../../platform/kit.ts';
import { changeOwnBasicInfo, changeOwnPassword, changeOwnPreferences } from './account.service.ts';

const guard = guards.signedIn;

export function registerAccountRoutes(app: App, deps: { db: Db; sessions: SessionStore; files: FileStore }): void {
  /** The session as it is after a change, so the web app updates the session user at once. */
  async function freshState(request: FastifyRequest) {
    const token = sessionToken(request);
    const auth = token ? await deps.sessions.authenticate(token) : null;
    if (!auth) throw unauthenticated();
    return describeAuth(auth);
  }

  mountAccountEndpoints({ app, db: deps.db, tags: ['account'] }, accountEndpoints, {
    'GET /api/user/account/my-profile': {
      guard,
      handle: async (_, request) => ({ ...describeAuth(request.auth!).userData, mobile: request.auth!.user.mobile }),
    },
    'POST /api/user/account/change-password': {
      guard,
      message: 'account.password_changed',
      handle: async ({ body }, request) => {
        await changeOwnPassword(deps.db, request.auth!, body, { ip: request.ip });
        return null;
      },
    },
    'POST /api/user/account/change-basic-info': {
      guard,
      message: 'account.saved',
      handle: async ({ body }, request) => {
        await changeOwnBasicInfo(deps.db, request.auth!, body, { ip: request.ip, files: deps.files });
        return freshState(request);
      },
    },
    'POST /api/user/account/change-preference-info': {
      guard,
      message: 'account.saved',
      handle: async ({ body }, request) => {
        await changeOwnPreferences(deps.db, request.auth!, body, request.ip);
        return freshState(request);
      },
    },
  });
}
