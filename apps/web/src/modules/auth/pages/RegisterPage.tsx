import { UserOutlined } from '@ant-design/icons';
import type { RegisterBody } from '@vigil/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { personNameRules } from '../../../lib/person-name-rules.ts';
import { useRegister } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AuthForm } from '../components/AuthForm.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { LinkSentCard } from '../components/LinkSentCard.tsx';
import { applyServerFieldErrors } from '../components/useServerFieldErrors.ts';

const FIELDS = ['first_name', 'last_name', 'email'] as const;

/** `/register`: first name, last name and e-mail; the mailed link sets the password. */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<RegisterBody>();
  const register = useRegister();
  const nameRules = personNameRules({ required: t('common:validation.required'), alpha: t('common:validation.alpha') });

  if (register.isSuccess) return <LinkSentCard flow="register" email={register.variables.email} />;

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthForm
        form={form}
        pending={register.isPending}
        submitLabel={t('register.submit')}
        footer={
          <>
            {t('register.have_account')} <Link to={LOGIN_PATH}>{t('back_to_login')}</Link>
          </>
        }
        onFinish={(values) => register.mutate(values, { onError: (error) => applyServerFieldErrors(form, FIELDS, error) })}
      >
        <Form.Item name="first_name" label={t('register.first_name')} rules={nameRules}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item name="last_name" label={t('register.last_name')} rules={nameRules}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="family-name" />
        </Form.Item>
        <EmailField autoComplete="email" />
      </AuthForm>
    </AuthCard>
  );
}
