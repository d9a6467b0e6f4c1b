import { useCallback } from 'react';
import { matchPath } from 'react-router';
import { useAppAbility } from '../lib/permissions.ts';
import { useSession } from '../modules/auth/api.ts';
import { canOpenRoute } from './access.ts';
import { ROUTES } from './routes.tsx';

/** Whether the session may open a path of the app, by the permissions and plan feature of its route. */
export function useCanOpenPath(): (path: string) => boolean {
  const session = useSession();
  const ability = useAppAbility();
  return useCallback(
    (path: string) => {
      const pathname = path.split('?')[0]!;
      const route = ROUTES.find((candidate) => matchPath(candidate.path, pathname));
      return route !== undefined && canOpenRoute(route, session, ability);
    },
    [session, ability],
  );
}
