import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LogoLoader } from '../../components/LogoLoader.tsx';
import { useAuth } from '../../lib/session.ts';
import { sessionRedirect } from '../access.ts';
import { LoadFailedResult } from '../pages/LoadFailedResult.tsx';
import { useRouteMeta } from '../useRouteMeta.ts';

/** Waits for the session, then sends visitors where the route's audience says. */
export function SessionGate({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const auth = useAuth();
  const location = useLocation();
  if (auth.isPending) return <LogoLoader />;
  if (auth.isError && !meta?.open) return <LoadFailedResult onRetry={() => void auth.refetch()} />;
  const target = meta ? sessionRedirect(meta, auth.data ?? null, location) : null;
  return target ? <Navigate to={target} replace /> : children;
}
