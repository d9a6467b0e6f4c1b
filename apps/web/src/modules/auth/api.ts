import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { http } from '../../lib/http.ts';
import { authKeys } from '../../lib/session.ts';

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
