import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactorBody,
  RecoveryCodes,
  TotpConfirmBody,
  TotpEnrolment,
  TwoFactorPasswordBody,
  TwoFactorStatus,
} from '@vigil/contracts';
import { http } from '../../lib/http.ts';

const statusKey = ['account', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: async () => (await http.get<TwoFactorStatus>('/user/account/two-factor')).data });
}

/** A change whose answer (or effect) is the new status. */
function useStatusChange<V, R>(send: (body: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }) });
}

export const useEnableEmailCodes = () =>
  useStatusChange(async (body: TwoFactorPasswordBody) => (await http.post<TwoFactorStatus>('/user/account/two-factor/email', body)).data);

export const useDisableTwoFactor = () =>
  useStatusChange(async (body: DisableTwoFactorBody) => (await http.post<TwoFactorStatus>('/user/account/two-factor/disable', body)).data);

export const useStartTotp = () =>
  useMutation({ mutationFn: async (body: TwoFactorPasswordBody) => (await http.post<TotpEnrolment>('/user/account/two-factor/totp/start', body)).data });

export const useConfirmTotp = () =>
  useStatusChange(async (body: TotpConfirmBody) => (await http.post<RecoveryCodes>('/user/account/two-factor/totp/confirm', body)).data.recovery_codes);

export const useRenewRecoveryCodes = () =>
  useStatusChange(async (body: TwoFactorPasswordBody) => (await http.post<RecoveryCodes>('/user/account/two-factor/recovery-codes', body)).data.recovery_codes);
