import { FREE_TRIAL_DAYS, planEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { message } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { cancelTrial, planOf, startTrial } from './plans.service.ts';

/** Starting or ending a trial changes what the whole workspace may use: an administrator's call. */
const editSettings = guards.anyOf('APP_EDIT_SETTINGS');

export function registerPlanRoutes(app: App, deps: { db: Db }): void {
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['plans'] }, planEndpoints, {
    'GET /api/settings/organization/plans': { guard: guards.signedIn, handle: async (_, _ctx, request) => planOf(request.auth!.workspace) },
    'POST /api/settings/organization/plans/trial': {
      guard: editSettings,
      message: () => message('plans.trial_started', { count: FREE_TRIAL_DAYS }),
      handle: ({ body }, ctx, request) => startTrial(ctx, body.plan, { ip: request.ip }),
    },
    'DELETE /api/settings/organization/plans/trial': {
      guard: editSettings,
      message: 'plans.trial_cancelled',
      handle: (_, ctx, request) => cancelTrial(ctx, request.ip),
    },
  });
}
