import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthState, ChangeBasicInfoBody, ChangePasswordBody, ChangePreferenceBody } from '@vigil/contracts';
import { api, everyAnswerOf, useApi } from '../../lib/api.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { authKeys } from '../../lib/session.ts';

/** The signed-in person's profile, with what the session user does not carry (the mobile number). */
export const useMyProfile = () => useApi('GET /api/user/account/my-profile', {}, { silent: true });

/** A profile change answers the new session: the session user is updated at once. */
function useProfileMutation<V>(send: (body: V) => Promise<{ data: AuthState }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: V) => (await send(body)).data,
    onSuccess: async (session) => {
      queryClient.setQueryData(authKeys.session, session);
      await queryClient.invalidateQueries({ queryKey: everyAnswerOf('GET /api/user/account/my-profile') });
      if (session.userData.locale) await changeLanguage(session.userData.locale);
    },
  });
}

export const useChangeBasicInfo = () =>
  useProfileMutation((body: ChangeBasicInfoBody) => api('POST /api/user/account/change-basic-info', { body }));
export const useChangePreferences = () =>
  useProfileMutation((body: ChangePreferenceBody) => api('POST /api/user/account/change-preference-info', { body }));
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => api('POST /api/user/account/change-password', { body }) });
