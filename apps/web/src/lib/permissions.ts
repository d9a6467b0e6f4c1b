import type { MongoAbility } from '@casl/ability';
import { parsePermissionRequirement, type PermissionRequirement } from '@vigil/contracts';
import { createContext, useContext } from 'react';

/** What the app asks of the session's CASL ability (`lib/ability.ts` builds it). */
export type AppAbility = Pick<MongoAbility<['call', string]>, 'can'>;

/** Nobody signed in holds no permission; the logged-out pages need no CASL code for that. */
export const NO_ABILITY: AppAbility = { can: () => false };

/** Any one code of the requirement (array or `|`-separated list) suffices; an empty one always does. */
export function canAny(ability: AppAbility, requirement: PermissionRequirement | undefined): boolean {
  if (requirement === undefined) return true;
  const codes = parsePermissionRequirement(requirement);
  return codes.length === 0 || codes.some((code) => ability.can('call', code));
}

/**
 * The session's ability, in a plain React context: our `Can` adds the spec's
 * disabled-with-tooltip fallback, which @casl/react's `Can` does not have.
 */
export const AbilityContext = createContext<AppAbility>(NO_ABILITY);

export function useAppAbility(): AppAbility {
  return useContext(AbilityContext);
}
