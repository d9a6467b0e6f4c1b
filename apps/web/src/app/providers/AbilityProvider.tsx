import { useMemo, type ReactNode } from 'react';
import { AbilityContext, defineAbilityFor } from '../../lib/permissions.ts';
import { useSession } from '../../modules/auth/api.ts';

/** The CASL ability of the session user, rebuilt when the session changes. */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const codes = useSession()?.userData.abilities;
  const ability = useMemo(() => defineAbilityFor(codes ?? []), [codes]);
  return <AbilityContext value={ability}>{children}</AbilityContext>;
}
