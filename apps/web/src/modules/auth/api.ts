import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isTwoFactorChallenge,
  type ForgetPasswordBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type RegisterBody,
  type ResendTwoFactorBody,
  type ResetPasswordBody,
} from '@vigil/contracts';
import { api } from '../../lib/api.ts';
import { authKeys } from '../../lib/session.ts';

/** A password sign-in: the session, or the two-factor step (USR_2FA) that must come first. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await api('POST /api/login', { body })).data,
    onSuccess: (result) => {
      if (!isTwoFactorChallenge(result)) queryClient.setQueryData(authKeys.session, result);
    },
  });
}

/** Completes a sign-in with its two-factor code; failures are shown on the screen, not toasted. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginTwoFactorBody) => (await api('POST /api/login-2fa', { body }, { silent: true })).data,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session, session),
  });
}

export function useResendTwoFactor() {
  return useMutation({
    mutationFn: async (body: ResendTwoFactorBody) => (await api('POST /api/resend-2fa', { body }, { silent: true })).data,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api('POST /api/register', { body }),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: (body: ForgetPasswordBody) => api('POST /api/forget-password', { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => (await api('POST /api/reset-password', { body })).data,
  });
}
