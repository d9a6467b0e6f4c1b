import type { ServerModule } from '../../platform/module.ts';
import { registerPlanRoutes } from './plans.routes.ts';

export const plansModule: ServerModule = { name: 'plans', mount: registerPlanRoutes };
