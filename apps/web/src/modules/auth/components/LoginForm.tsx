import { LockOutlined } from '@ant-design/icons';
import { isTwoFactorChallenge, type LoginBody } from '@vigil/contracts';
import { Form } from 'antd';
// Password alone: antd's `Input` index also brings TextArea, Search and OTP, which the login page does not show.
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../../lib/http.ts';
import { useLogin } from '../api.ts';
import { AuthForm } from './AuthForm.tsx';
import { EmailField } from './EmailField.tsx';
import { twoFactorPath } from './two-factor-path.ts';
import { applyServerFieldErrors } from './useServerFieldErrors.ts';

const FIELDS: readonly (keyof LoginBody)[] = ['email', 'password'];

export function LoginForm() {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<LoginBody>();
  const login = useLogin();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect_uri');
  const withRedirect = (path: string) => (redirect ? `${path}?${new URLSearchParams({ redirect_uri: redirect })}` : path);
  const navigate = useNavigate();

  const showError = async (error: unknown) => {
    if (!isHttpError(error)) return;
    // Reading the single sign-on answer takes zod, which the login page otherwise does without.
    const { ssoEntryOf } = await import('../../sso/entry.ts');
    const ssoEntry = ssoEntryOf(error, redirect);
    if (ssoEntry) return window.location.assign(ssoEntry);
    applyServerFieldErrors(form, FIELDS, error);
  };

  const onFinish = (values: LoginBody) =>
    login.mutate(values, {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) void navigate(twoFactorPath(values.email, result, redirect));
      },
      onError: (error) => void showError(error),
    });

  return (
    <AuthForm
      form={form}
      pending={login.isPending}
      submitLabel={t('login.submit')}
      footer={
        <>
          {t('login.no_account')} <Link to={withRedirect('/register')}>{t('login.register')}</Link>
        </>
      }
      onFinish={onFinish}
    >
      <EmailField autoComplete="username" autoFocus />
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('common:validation.required') }]}>
        <Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      <div className="auth-card__row">
        <Link to={withRedirect('/forgot-password')}>{t('login.forgot_password')}</Link>
      </div>
    </AuthForm>
  );
}
