import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/AuthCard.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { SsoEntryButton } from '../../sso/index.ts';

/** `/login`; once the session exists the layout's gate sends the user on (to `redirect_uri` when safe). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
      <SsoEntryButton />
    </AuthCard>
  );
}
