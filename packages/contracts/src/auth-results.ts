import type { LoginResult, TwoFactorChallenge } from './auth.ts';
import { TWO_FACTOR_NEXT_STEP } from './constants.ts';

// Kept apart from the schemas in auth.ts: the login page tells the answers apart without loading zod.
export function isTwoFactorChallenge(result: LoginResult): result is TwoFactorChallenge {
  return 'next_step' in result && result.next_step === TWO_FACTOR_NEXT_STEP;
}
