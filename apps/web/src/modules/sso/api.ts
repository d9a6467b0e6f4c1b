import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CasSettingsBody, SamlSettingsBody } from '@vigil/contracts';
import { api, apiKey, useApi } from '../../lib/api.ts';
import { authKeys } from '../../lib/session.ts';
import { rememberSsoWorkspace } from './remembered.ts';

const SAML_SETTINGS = 'GET /api/settings/organization/auth/saml';
const CAS_SETTINGS = 'GET /api/settings/organization/auth/cas';

export const useSamlSettings = () => useApi(SAML_SETTINGS, {});
export const useCasSettings = () => useApi(CAS_SETTINGS, {});

export function useSaveSamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SamlSettingsBody) => (await api('PUT /api/settings/organization/auth/saml', { body })).data,
    onSuccess: (settings) => queryClient.setQueryData(apiKey(SAML_SETTINGS, {}), settings),
  });
}

export function useSaveCasSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CasSettingsBody) => (await api('PUT /api/settings/organization/auth/cas', { body })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(apiKey(CAS_SETTINGS, {}), settings);
      // The session carries the app settings (logout reads cas_logout_url from there).
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

export const useReadIdpMetadata = () =>
  useMutation({
    mutationFn: async (metadataUrl: string) =>
      (await api('POST /api/settings/organization/auth/saml/metadata', { body: { metadata_url: metadataUrl } })).data,
  });

/** Finishes a sign-in the identity provider or CAS server sent the browser back from. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: { sso: string } | { ticket: string; workspace: string; target: string | null }) => {
      const options = { silent: true, authRedirect: false };
      const answer =
        'sso' in outcome
          ? await api('GET /api/user/auth/sso/:assertion', { params: { assertion: outcome.sso } }, options)
          : await api(
              'GET /api/user/auth/cas/:assertion',
              {
                params: { assertion: outcome.ticket },
                query: { workspace: outcome.workspace, ...(outcome.target ? { target: outcome.target } : {}) },
              },
              options,
            );
      return answer.data;
    },
    onSuccess: (session) => {
      queryClient.setQueryData(authKeys.session, session);
      rememberSsoWorkspace(session.workspace.id);
    },
  });
}
