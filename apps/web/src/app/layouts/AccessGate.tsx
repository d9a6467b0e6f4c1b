import { lazy, Suspense, type ReactNode } from 'react';
import { LogoLoader } from '../../components/LogoLoader.tsx';
import { useAppAbility } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session.ts';
import { hasFeature, hasPermission } from '../access.ts';
import { useRouteMeta } from '../useRouteMeta.ts';

// Refusals are rare and carry antd's Result illustrations: they load when shown, not with the first page.
const ForbiddenResult = lazy(async () => ({ default: (await import('../pages/ForbiddenResult.tsx')).ForbiddenResult }));
const UpgradePrompt = lazy(async () => ({ default: (await import('../../components/UpgradePrompt.tsx')).UpgradePrompt }));

/** Inside a layout: the route's permissions (any one) and plan feature. */
export function AccessGate({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const session = useSession();
  const ability = useAppAbility();
  if (meta && !hasPermission(meta, ability))
    return (
      <Refusal>
        <ForbiddenResult />
      </Refusal>
    );
  if (meta?.feature && !hasFeature(meta, session))
    return (
      <Refusal>
        <UpgradePrompt feature={meta.feature} page />
      </Refusal>
    );
  return children;
}

function Refusal({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LogoLoader />}>{children}</Suspense>;
}
