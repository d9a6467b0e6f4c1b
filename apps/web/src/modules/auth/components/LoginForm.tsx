import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { isTwoFactorChallenge, type LoginBody } from '@vigil/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isHttpError } from '../../../lib/http.ts';
import { useLogin } from '../api.ts';
import { twoFactorPath } from './two-factor-path.ts';
import { ssoEntryOf } from '../../sso/entry.ts';

const FIELDS: readonly (keyof LoginBody)[] = ['email', 'password'];

export function LoginForm() {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<LoginBody>();
  const login = useLogin();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect_uri');
  const withRedirect = (path: string) => (redirect ? `${path}?${new URLSearchParams({ redirect_uri: redirect })}` : path);
  const navigate = useNavigate();

  const onFinish = (values: LoginBody) =>
    login.mutate(values, {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) navigate(twoFactorPath(values.email, result, redirect));
      },
      onError: (error) => {
        if (!isHttpError(error)) return;
        const ssoEntry = ssoEntryOf(error, redirect);
        if (ssoEntry) return window.location.assign(ssoEntry);
        form.setFields(
          FIELDS.filter((name) => error.fieldErrors[name]).map((name) => ({ name, errors: error.fieldErrors[name] })),
        );
      },
    });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending}>
      <Form.Item
        name="email"
        label={t('login.email')}
        rules={[
          { required: true, message: t('common:validation.required') },
          { type: 'email', message: t('common:validation.email') },
        ]}
      >
        <Input prefix={<MailOutlined aria-hidden />} type="email" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('common:validation.required') }]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      <div className="auth-card__row">
        <Link to={withRedirect('/forgot-password')}>{t('login.forgot_password')}</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
      <p className="auth-card__footer">
        {t('login.no_account')} <Link to={withRedirect('/register')}>{t('login.register')}</Link>
      </p>
    </Form>
  );
}
