import { Suspense, use, useMemo, type ReactNode } from 'react';
import { LogoLoader } from '../../components/LogoLoader.tsx';
import type { defineAbilityFor } from '../../lib/ability.ts';
import { AbilityContext, NO_ABILITY } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session.ts';

type AbilityBuilder = typeof defineAbilityFor;
let builder: AbilityBuilder | undefined;
let loading: Promise<AbilityBuilder> | undefined;

/** CASL's code, loaded with the first session: the logged-out pages do without it. */
export function loadAbilityBuilder(): Promise<AbilityBuilder> {
  loading ??= import('../../lib/ability.ts').then(
    (module) => (builder = module.defineAbilityFor),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The CASL ability of the session user, rebuilt when the session changes; screens wait for CASL's code. */
export function AbilityProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LogoLoader />}>
      <SessionAbility>{children}</SessionAbility>
    </Suspense>
  );
}

function SessionAbility({ children }: { children: ReactNode }) {
  const codes = useSession()?.userData.abilities;
  const build = codes ? (builder ?? use(loadAbilityBuilder())) : undefined;
  const ability = useMemo(() => (codes && build ? build(codes) : NO_ABILITY), [codes, build]);
  return <AbilityContext value={ability}>{children}</AbilityContext>;
}
