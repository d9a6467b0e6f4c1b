import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { LoadFailedResult } from './LoadFailedResult.tsx';

/** Router error boundary: a page that threw or a module chunk that failed to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return <LoadFailedResult onRetry={() => window.location.reload()} />;
}
