import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { parsePermissionRequirement, type PermissionRequirement } from '@vigil/contracts';
import { createContext, useContext } from 'react';

/**
 * Spec 1 §6: a check asks whether the user may perform the `call` ability on a
 * permission code; the user's abilities are the codes they hold.
 */
export type AppAbility = MongoAbility<['call', string]>;

export function defineAbilityFor(codes: readonly string[]): AppAbility {
  return createMongoAbility<AppAbility>(codes.map((code) => ({ action: 'call' as const, subject: code })));
}

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
export const AbilityContext = createContext<AppAbility>(defineAbilityFor([]));

export function useAppAbility(): AppAbility {
  return useContext(AbilityContext);
}
