import { AUTH_PROVIDERS, type AuthProvider } from '@vigil/contracts';
import { Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { useCasSettings, useSamlSettings } from '../api.ts';
import { CasSettingsForm } from '../components/CasSettingsForm.tsx';
import { SamlSettingsForm } from '../components/SamlSettingsForm.tsx';

const isProvider = (value: string | undefined): value is AuthProvider => AUTH_PROVIDERS.includes(value as AuthProvider);
const authSettingsPath = (provider: AuthProvider) => `/settings/organization/auth/${provider}`;

/** `/settings/organization/auth/{auth}`: choose a provider (SAML 2.0, Okta, CAS) and register it. */
export function AuthSettingsPage() {
  const { t } = useTranslation('sso');
  const { auth } = useParams();
  const navigate = useNavigate();
  const canEdit = canAny(useAppAbility(), 'APP_EDIT_SETTINGS');
  if (!isProvider(auth)) return <Navigate to={authSettingsPath('saml2')} replace />;

  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
      <div style={{ marginBottom: 24 }}>
        <Typography.Text id="sso-provider-label" strong style={{ marginInlineEnd: 12 }}>
          {t('provider')}
        </Typography.Text>
        <Segmented
          aria-labelledby="sso-provider-label"
          value={auth}
          onChange={(value) => void navigate(authSettingsPath(value))}
          options={AUTH_PROVIDERS.map((provider) => ({ value: provider, label: t(`providers.${provider}`) }))}
        />
      </div>
      {auth === 'cas' ? <CasSettings canEdit={canEdit} /> : <SamlSettings provider={auth} canEdit={canEdit} />}
    </div>
  );
}

function SamlSettings({ provider, canEdit }: { provider: 'saml2' | 'okta'; canEdit: boolean }) {
  const settings = useSamlSettings();
  if (!settings.data) return <Skeleton active />;
  // Keyed so that switching provider starts from the stored values again.
  return <SamlSettingsForm key={`${provider}-${settings.dataUpdatedAt}`} provider={provider} settings={settings.data} canEdit={canEdit} />;
}

function CasSettings({ canEdit }: { canEdit: boolean }) {
  const settings = useCasSettings();
  if (!settings.data) return <Skeleton active />;
  return <CasSettingsForm key={settings.dataUpdatedAt} settings={settings.data} canEdit={canEdit} />;
}
