import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthState, CasSettings, CasSettingsBody, SamlIdpMetadata, SamlSettings, SamlSettingsBody } from '@vigil/contracts';
import { http } from '../../lib/http.ts';
import { authKeys } from '../../lib/session.ts';
import { rememberSsoWorkspace } from './remembered.ts';

export const ssoKeys = {
  saml: ['sso', 'saml'] as const,
  cas: ['sso', 'cas'] as const,
};

export const useSamlSettings = () => useQuery({ queryKey: ssoKeys.saml, queryFn: async () => (await http.get<SamlSettings>('/settings/organization/auth/saml')).data });
export const useCasSettings = () => useQuery({ queryKey: ssoKeys.cas, queryFn: async () => (await http.get<CasSettings>('/settings/organization/auth/cas')).data });

export function useSaveSamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SamlSettingsBody) => (await http.put<SamlSettings>('/settings/organization/auth/saml', body)).data,
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.saml, settings),
  });
}

export function useSaveCasSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CasSettingsBody) => (await http.put<CasSettings>('/settings/organization/auth/cas', body)).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(ssoKeys.cas, settings);
      // The session carries the app settings (logout reads cas_logout_url from there).
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

export const useReadIdpMetadata = () =>
  useMutation({
    mutationFn: async (metadataUrl: string) => (await http.post<SamlIdpMetadata>('/settings/organization/auth/saml/metadata', { metadata_url: metadataUrl })).data,
  });

/** Finishes a sign-in the identity provider or CAS server sent the browser back from. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: { sso: string } | { ticket: string; workspace: string; target: string | null }) => {
      const answer =
        'sso' in outcome
          ? await http.get<AuthState>(`/user/auth/sso/${encodeURIComponent(outcome.sso)}`, { silent: true, authRedirect: false })
          : await http.get<AuthState>(`/user/auth/cas/${encodeURIComponent(outcome.ticket)}`, {
              query: { workspace: outcome.workspace, ...(outcome.target ? { target: outcome.target } : {}) },
              silent: true,
              authRedirect: false,
            });
      return answer.data;
    },
    onSuccess: (session) => {
      queryClient.setQueryData(authKeys.session, session);
      rememberSsoWorkspace(session.workspace.id);
    },
  });
}
