import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorBody, TotpConfirmBody, TwoFactorPasswordBody } from '@vigil/contracts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';

const STATUS = 'GET /api/user/account/two-factor';

export const useTwoFactorStatus = () => useApi(STATUS, {});

/** A change whose answer (or effect) is the new status. */
function useStatusChange<V, R>(send: (body: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: everyAnswerOf(STATUS) }) });
}

export const useEnableEmailCodes = () =>
  useStatusChange(async (body: TwoFactorPasswordBody) => (await api('POST /api/user/account/two-factor/email', { body })).data);

export const useDisableTwoFactor = () =>
  useStatusChange(async (body: DisableTwoFactorBody) => (await api('POST /api/user/account/two-factor/disable', { body })).data);

export const useStartTotp = () =>
  useMutation({
    mutationFn: async (body: TwoFactorPasswordBody) => (await api('POST /api/user/account/two-factor/totp/start', { body })).data,
  });

export const useConfirmTotp = () =>
  useStatusChange(
    async (body: TotpConfirmBody) => (await api('POST /api/user/account/two-factor/totp/confirm', { body })).data.recovery_codes,
  );

export const useRenewRecoveryCodes = () =>
  useStatusChange(
    async (body: TwoFactorPasswordBody) => (await api('POST /api/user/account/two-factor/recovery-codes', { body })).data.recovery_codes,
  );
