import { MailOutlined } from '@ant-design/icons';
import type { ForgetPasswordBody } from '@vigil/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useForgetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
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
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={forget.isPending}
        onFinish={(values) => forget.mutate(values, { onError: (error) => applyServerFieldErrors(form, ['email'], error) })}
      >
        <Form.Item
          name="email"
          label={t('login.email')}
          rules={[
            { required: true, message: t('common:validation.required') },
            { type: 'email', message: t('common:validation.email') },
          ]}
        >
          <Input prefix={<MailOutlined aria-hidden />} type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forget.isPending}>
          {t('forgot.submit')}
        </Button>
        <p className="auth-card__footer">
          <Link to={LOGIN_PATH}>{t('back_to_login')}</Link>
        </p>
      </Form>
    </AuthCard>
  );
}
