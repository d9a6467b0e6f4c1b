import { useCallback } from 'react';
import { matchPath } from 'react-router';
import { useAppAbility } from '../lib/permissions.ts';
import { useSession } from '../lib/session.ts';
import { canOpenRoute } from './access.ts';
import { useRouteTable } from './route-table.ts';

/** Whether the session may open a path of the app, by the permissions and plan feature of its route. */
export function useCanOpenPath(): (path: string) => boolean {
  const session = useSession();
  const ability = useAppAbility();
  const routes = useRouteTable();
  return useCallback(
    (path: string) => {
      const pathname = path.split('?')[0];
      const route = routes.find((candidate) => matchPath(candidate.path, pathname));
      return route !== undefined && canOpenRoute(route, session, ability);
    },
    [routes, session, ability],
  );
}
