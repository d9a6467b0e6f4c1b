import '../auth.css';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { SsoEntryButton } from '../../sso/components/SsoEntryButton.tsx';

/** `/login`; once the session exists the layout's gate sends the user on (to `redirect_uri` when safe). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <div className="auth-card__brand">
          <BrandLogo variant="full" />
        </div>
        <Typography.Title level={1} className="auth-card__title">
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <LoginForm />
        <SsoEntryButton />
      </Card>
    </div>
  );
}
