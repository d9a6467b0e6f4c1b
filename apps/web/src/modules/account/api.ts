import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthState, ChangeBasicInfoBody, ChangePasswordBody, ChangePreferenceBody, MyProfile } from '@vigil/contracts';
import { http } from '../../lib/http.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { authKeys } from '../../lib/session.ts';

export const accountKeys = {
  profile: ['account', 'my-profile'] as const,
};

/** The signed-in person's profile, with what the session user does not carry (the mobile number). */
export const useMyProfile = () =>
  useQuery({ queryKey: accountKeys.profile, queryFn: async () => (await http.get<MyProfile>('/user/account/my-profile', { silent: true })).data });

/** A profile change answers the new session: the session user is updated at once. */
function useProfileMutation<V>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: V) => (await http.post<AuthState>(path, body)).data,
    onSuccess: async (session) => {
      queryClient.setQueryData(authKeys.session, session);
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      if (session.userData.locale) await changeLanguage(session.userData.locale);
    },
  });
}

export const useChangeBasicInfo = () => useProfileMutation<ChangeBasicInfoBody>('/user/account/change-basic-info');
export const useChangePreferences = () => useProfileMutation<ChangePreferenceBody>('/user/account/change-preference-info');
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => http.post<null>('/user/account/change-password', body) });
