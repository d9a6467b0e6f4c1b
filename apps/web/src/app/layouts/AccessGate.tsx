import type { ReactNode } from 'react';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';
import { useAppAbility } from '../../lib/permissions.ts';
import { useSession } from '../../modules/auth/api.ts';
import { hasFeature, hasPermission } from '../access.ts';
import { ForbiddenResult } from '../pages/ForbiddenResult.tsx';
import { useRouteMeta } from '../useRouteMeta.ts';

/** Inside a layout: the route's permissions (any one) and plan feature. */
export function AccessGate({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const session = useSession();
  const ability = useAppAbility();
  if (meta && !hasPermission(meta, ability)) return <ForbiddenResult />;
  if (meta?.feature && !hasFeature(meta, session)) return <UpgradePrompt feature={meta.feature} page />;
  return children;
}
