import type { AuthState } from '@vigil/contracts';
import { HOME_PATH } from '../lib/paths.ts';
import { canAny, type AppAbility } from '../lib/permissions.ts';
import { loginPathFor, safeRedirectPath } from '../lib/redirect.ts';
import type { AppRoute } from './route-types.ts';

type RouteAccess = Pick<AppRoute, 'permissions' | 'feature' | 'public' | 'open'>;

/**
 * Where a visitor must go instead of the route: logged-out-only routes send a
 * session home (or to a safe `redirect_uri`), logged-in routes send a visitor to login.
 */
export function sessionRedirect(
  route: RouteAccess,
  session: AuthState | null,
  location: { pathname: string; search: string },
): string | null {
  if (route.open) return null;
  if (route.public) {
    if (!session) return null;
    return safeRedirectPath(new URLSearchParams(location.search).get('redirect_uri')) ?? HOME_PATH;
  }
  return session ? null : loginPathFor(`${location.pathname}${location.search}`);
}

export function hasPermission(route: RouteAccess, ability: AppAbility): boolean {
  return canAny(ability, route.permissions);
}

export function hasFeature(route: RouteAccess, session: AuthState | null): boolean {
  return !route.feature || session?.features[route.feature] === true;
}

/** Whether the route opens for this session; the side menu shows exactly these. */
export function canOpenRoute(route: RouteAccess, session: AuthState | null, ability: AppAbility): boolean {
  return hasPermission(route, ability) && hasFeature(route, session);
}
