export { registerTwoFactorRoutes } from './two-factor.routes.ts';
export { resendChallenge, secondFactorOf, startChallenge, verifyChallenge, type TwoFactorDeps } from './two-factor.service.ts';
