import { envelope, WorkspacePlanSchema } from '@vigil/contracts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';

export function registerPlanRoutes(app: App): void {
  app.get(
    '/api/settings/organization/plans',
    {
      config: { guard: guards.signedIn },
      schema: { tags: ['plans'], summary: "The workspace's plan, trial and feature map", response: { 200: envelope(WorkspacePlanSchema) } },
    },
    async (request) => {
      const { workspace, features } = request.auth!;
      return {
        data: {
          plan: workspace.plan,
          trial_plan: workspace.trialPlan,
          trial_ends_at: workspace.trialEndsAt?.toISOString() ?? null,
          features,
        },
      };
    },
  );
}
