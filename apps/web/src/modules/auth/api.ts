import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  isTwoFactorChallenge,
  type AuthState,
  type ForgetPasswordBody,
  type LoginBody,
  type LoginResult,
  type LoginTwoFactorBody,
  type RegisterBody,
  type ResendTwoFactorBody,
  type ResendTwoFactorResult,
  type ResetPasswordBody,
  type ResetPasswordResult,
} from '@vigil/contracts';
import { http, isHttpError } from '../../lib/http.ts';
import { LOGIN_PATH } from '../../lib/paths.ts';

export const authKeys = {
  session: ['auth', 'session'] as const,
};

/** The session, or null when logged out; the probe itself stays quiet. */
async function fetchSession(): Promise<AuthState | null> {
  try {
    const body = await http.get<AuthState>('/user/auth', { silent: true, authRedirect: false });
    return body.data;
  } catch (error) {
    if (isHttpError(error) && error.code === 'USR_UNAUTHENTICATED') return null;
    throw error;
  }
}

export function useAuth() {
  return useQuery({ queryKey: authKeys.session, queryFn: fetchSession, staleTime: Infinity });
}

/** The session when logged in; for components that only render inside logged-in layouts. */
export function useSession(): AuthState | null {
  return useAuth().data ?? null;
}

export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.session, null);
}

/** A password sign-in: the session, or the two-factor step (USR_2FA) that must come first. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginBody) => (await http.post<LoginResult>('/login', credentials)).data,
    onSuccess: (result) => {
      if (!isTwoFactorChallenge(result)) queryClient.setQueryData(authKeys.session, result);
    },
  });
}

/** Completes a sign-in with its two-factor code; failures are shown on the screen, not toasted. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginTwoFactorBody) => (await http.post<AuthState>('/login-2fa', body, { silent: true })).data,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session, session),
  });
}

export function useResendTwoFactor() {
  return useMutation({
    mutationFn: async (body: ResendTwoFactorBody) => (await http.post<ResendTwoFactorResult>('/resend-2fa', body, { silent: true })).data,
  });
}

/**
 * Ends the session, then reloads on the login page (or the single sign-on logout
 * page when configured), which also drops every cached answer of the old session.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>('/user/logout'),
    onSuccess: () => {
      const settings = queryClient.getQueryData<AuthState | null>(authKeys.session)?.app_settings;
      const casLogout = settings?.cas_enabled ? settings.cas_logout_url : null;
      window.location.assign(casLogout || LOGIN_PATH);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) => http.post<null>('/register', body),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: async (body: ForgetPasswordBody) => http.post<null>('/forget-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => (await http.post<ResetPasswordResult>('/reset-password', body)).data,
  });
}
