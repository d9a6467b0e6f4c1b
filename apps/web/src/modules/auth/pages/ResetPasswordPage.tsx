import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MIN_LENGTH } from '@vigil/contracts';
import { Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AuthForm } from '../components/AuthForm.tsx';
import { applyServerFieldErrors } from '../components/useServerFieldErrors.ts';

interface Values {
  new_password: string;
  password_confirmation: string;
}

/** `/reset-password/{email}?token=…`: the mailed link of a registration, a reset or an invitation. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { email = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <Result status="warning" title={t('reset.no_token')} extra={<Link to="/forgot-password">{t('reset.ask_again')}</Link>} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { email })}>
      <AuthForm
        form={form}
        pending={reset.isPending}
        submitLabel={t('reset.submit')}
        footer={<Link to={LOGIN_PATH}>{t('back_to_login')}</Link>}
        onFinish={(values) =>
          reset.mutate(
            { email, token, ...values },
            {
              onSuccess: () => void navigate(LOGIN_PATH, { replace: true }),
              onError: (error) => applyServerFieldErrors(form, ['new_password', 'password_confirmation'], error),
            },
          )
        }
      >
        <Form.Item
          name="new_password"
          label={t('reset.new_password')}
          extra={t('reset.hint', { count: PASSWORD_MIN_LENGTH })}
          rules={[
            { required: true, message: t('common:validation.required') },
            { min: PASSWORD_MIN_LENGTH, message: t('reset.too_short', { count: PASSWORD_MIN_LENGTH }) },
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('reset.confirm_password')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('common:validation.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || getFieldValue('new_password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.password_mismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
      </AuthForm>
    </AuthCard>
  );
}
