import type { ServerModule } from '../../platform/module.ts';
import { registerTwoFactorRoutes } from './two-factor.routes.ts';

export { resendChallenge, secondFactorOf, startChallenge, verifyChallenge, type TwoFactorDeps } from './two-factor.service.ts';

export const twoFactorModule: ServerModule = {
  name: 'two-factor',
  mount: (app, { db, twoFactorKeys }) => registerTwoFactorRoutes(app, { db, keys: twoFactorKeys }),
};
