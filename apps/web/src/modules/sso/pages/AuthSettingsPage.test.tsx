import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SamlSettings } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadAbilityBuilder } from '../../../app/providers/AbilityProvider.tsx';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { initI18n, loadFullCatalogue } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, Reply, type FakeHandlers } from '../../../test/fake-api.ts';
import { makeSession } from '../../../test/session.ts';
import { authKeys } from '../../../lib/session.ts';
import { AuthSettingsPage } from './AuthSettingsPage.tsx';

const SETTINGS: SamlSettings = {
  configured: false,
  provider: 'saml2',
  enabled: false,
  sso_only: false,
  metadata_url: null,
  entity_id: '',
  sso_url: '',
  slo_url: null,
  certificate: '',
  certificate_info: null,
  attributes: { user_id: 'nameID', email: 'email', first_name: 'firstName', last_name: 'lastName' },
  service_provider: {
    entity_id: 'https://app/sp',
    acs_url: 'https://app/acs',
    metadata_url: 'https://app/sp',
    login_url: 'https://app/login',
  },
};

async function renderAt(path: string, abilities: ('APP_VIEW_SETTINGS' | 'APP_EDIT_SETTINGS')[], handlers: FakeHandlers) {
  await Promise.all([initI18n('en').then(loadFullCatalogue), loadAbilityBuilder()]);
  const calls = fakeApi(handlers);
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.session, makeSession({ abilities, plan: 'premium' }));
  const router = createMemoryRouter([{ path: '/settings/organization/auth/:auth', element: <AuthSettingsPage /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/settings/organization/auth/{auth}', () => {
  it('fills the form from an IdP metadata URL and saves it as the chosen provider', async () => {
    const { calls } = await renderAt('/settings/organization/auth/okta', ['APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'], {
      'GET /api/settings/organization/auth/saml': () => SETTINGS,
      'POST /api/settings/organization/auth/saml/metadata': () => ({
        entity_id: 'urn:idp',
        sso_url: 'https://idp.test/sso',
        slo_url: null,
        certificate: 'CERT',
      }),
      'PUT /api/settings/organization/auth/saml': () => new Reply(SETTINGS, 'saved'),
    });
    fireEvent.click(await screen.findByText('By metadata URL'));
    fireEvent.change(screen.getByLabelText('Metadata URL'), { target: { value: 'https://idp.test/metadata' } });
    fireEvent.click(screen.getByRole('button', { name: /Read metadata/ }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Entity ID').value).toBe('urn:idp'));
    expect(screen.getByLabelText<HTMLInputElement>('Single sign-on URL').value).toBe('https://idp.test/sso');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'PUT /api/settings/organization/auth/saml')).toBe(true));
    expect(calls.find((call) => call.key === 'POST /api/settings/organization/auth/saml/metadata')!.body).toEqual({
      metadata_url: 'https://idp.test/metadata',
    });
    expect(calls.find((call) => call.key === 'PUT /api/settings/organization/auth/saml')!.body).toMatchObject({
      provider: 'okta',
      entity_id: 'urn:idp',
      sso_url: 'https://idp.test/sso',
      certificate: 'CERT',
      metadata_url: 'https://idp.test/metadata',
      attributes: SETTINGS.attributes,
    });
  });

  it('shows the settings read-only without APP_EDIT_SETTINGS', async () => {
    await renderAt('/settings/organization/auth/saml2', ['APP_VIEW_SETTINGS'], {
      'GET /api/settings/organization/auth/saml': () => ({ ...SETTINGS, entity_id: 'urn:idp' }),
    });
    expect(await screen.findByLabelText('Entity ID')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: /Download SP metadata/ })).toHaveProperty('href', 'https://app/sp');
  });

  it('sends an unknown provider to SAML 2.0', async () => {
    const { router } = await renderAt('/settings/organization/auth/ldap', ['APP_VIEW_SETTINGS'], {
      'GET /api/settings/organization/auth/saml': () => SETTINGS,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/organization/auth/saml2'));
  });
});
