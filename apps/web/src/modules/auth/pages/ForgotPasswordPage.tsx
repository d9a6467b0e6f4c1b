import type { ForgetPasswordBody } from '@vigil/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useForgetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AuthForm } from '../components/AuthForm.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { LinkSentCard } from '../components/LinkSentCard.tsx';
import { applyServerFieldErrors } from '../components/useServerFieldErrors.ts';

/** `/forgot-password`: mails a single-use link to choose a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<ForgetPasswordBody>();
  const forget = useForgetPassword();

  if (forget.isSuccess) return <LinkSentCard flow="forgot" email={forget.variables.email} />;

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <AuthForm
        form={form}
        pending={forget.isPending}
        submitLabel={t('forgot.submit')}
        footer={<Link to={LOGIN_PATH}>{t('back_to_login')}</Link>}
        onFinish={(values) => forget.mutate(values, { onError: (error) => applyServerFieldErrors(form, ['email'], error) })}
      >
        <EmailField autoComplete="email" autoFocus />
      </AuthForm>
    </AuthCard>
  );
}
