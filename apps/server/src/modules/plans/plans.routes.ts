import { envelope, FREE_TRIAL_DAYS, StartTrialBodySchema, WorkspacePlanSchema } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace, type TenantContext } from '../../platform/tenancy.ts';
import { cancelTrial, planOf, startTrial } from './plans.service.ts';

const tags = ['plans'];
const response = { 200: envelope(WorkspacePlanSchema) };
/** Starting or ending a trial changes what the whole workspace may use: an administrator's call. */
const editSettings = guards.anyOf('APP_EDIT_SETTINGS');

export function registerPlanRoutes(app: App, deps: { db: Db }): void {
  const run = <T>(request: FastifyRequest, work: (ctx: TenantContext) => Promise<T>) => inWorkspace(deps.db, request.auth!, work);

  app.get(
    '/api/settings/organization/plans',
    { config: { guard: guards.signedIn }, schema: { tags, summary: "The workspace's plan, trial and feature map", response } },
    async (request) => ({ data: planOf(request.auth!.workspace) }),
  );

  app.post(
    '/api/settings/organization/plans/trial',
    { config: { guard: editSettings }, schema: { tags, summary: `Start the workspace's one ${FREE_TRIAL_DAYS}-day free trial of a higher plan`, body: StartTrialBodySchema, response } },
    async (request) => ({
      data: await run(request, (ctx) => startTrial(ctx, request.body.plan, { ip: request.ip, t: request.t })),
      message: request.t('plans.trial_started', { days: FREE_TRIAL_DAYS }),
    }),
  );

  app.delete(
    '/api/settings/organization/plans/trial',
    { config: { guard: editSettings }, schema: { tags, summary: 'Cancel the running free trial', response } },
    async (request) => ({ data: await run(request, (ctx) => cancelTrial(ctx, request.ip)), message: request.t('plans.trial_cancelled') }),
  );
}
