import { MailOutlined } from '@ant-design/icons';
import { Form } from 'antd';
// Input alone: antd's `Input` index also brings TextArea, Search and OTP, which the login page does not show.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';

/** The e-mail field of the logged-out screens: required and well formed. */
export function EmailField({ autoComplete, autoFocus }: { autoComplete: 'email' | 'username'; autoFocus?: boolean }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Form.Item
      name="email"
      label={t('login.email')}
      rules={[
        { required: true, message: t('common:validation.required') },
        { type: 'email', message: t('common:validation.email') },
      ]}
    >
      <Input prefix={<MailOutlined aria-hidden />} type="email" autoComplete={autoComplete} autoFocus={autoFocus} />
    </Form.Item>
  );
}
