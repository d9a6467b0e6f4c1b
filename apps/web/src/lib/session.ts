import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthState } from '@vigil/contracts';
import { api } from './api.ts';
import { isHttpError } from './http.ts';
import { LOGIN_PATH } from './paths.ts';

/**
 * The signed-in session every screen reads (the shell, gates and modules alike); signing in lives in
 * modules/auth. Its own key rather than the call's (`apiKey`): it holds null once signed out.
 */
export const authKeys = {
  session: ['auth', 'session'] as const,
};

/** The session, or null when logged out; the probe itself stays quiet. */
async function fetchSession(): Promise<AuthState | null> {
  try {
    const body = await api('GET /api/user/auth', {}, { silent: true, authRedirect: false });
    return body.data;
  } catch (error) {
    if (isHttpError(error) && error.code === 'USR_UNAUTHENTICATED') return null;
    throw error;
  }
}

/** The session's query; the app starts it before any screen's code (`main.tsx`), the screens read it. */
export const sessionQuery = queryOptions({ queryKey: authKeys.session, queryFn: fetchSession, staleTime: Infinity });

export function useAuth() {
  return useQuery(sessionQuery);
}

/** The session when logged in; for components that only render inside logged-in layouts. */
export function useSession(): AuthState | null {
  return useAuth().data ?? null;
}

export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.session, null);
}

/**
 * Ends the session, then reloads on the login page (or the single sign-on logout
 * page when configured), which also drops every cached answer of the old session.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/user/logout', {}),
    onSuccess: () => {
      const settings = queryClient.getQueryData<AuthState | null>(authKeys.session)?.app_settings;
      const casLogout = settings?.cas_enabled ? settings.cas_logout_url : null;
      window.location.assign(casLogout || LOGIN_PATH);
    },
  });
}
