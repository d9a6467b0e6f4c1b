import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors.ts';

export interface PasswordPromptValues {
  password?: string;
  code?: string;
}

interface Props {
  open: boolean;
  title: string;
  description: string;
  okText: string;
  danger?: boolean;
  /** Offer an authenticator or recovery code instead of the password. */
  acceptsCode?: boolean;
  pending: boolean;
  onSubmit: (values: PasswordPromptValues) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for the password (or a current code) before a two-factor change; server messages land on the fields. */
export function PasswordPromptModal({ open, title, description, okText, danger, acceptsCode, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation(['account', 'common']);
  const [form] = Form.useForm<PasswordPromptValues>();
  const submit = async (values: PasswordPromptValues) => {
    try {
      await onSubmit({ password: values.password || undefined, code: values.code?.trim() || undefined });
      form.resetFields();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger, loading: pending }}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="password"
          label={t('two_factor.password')}
          dependencies={['code']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value || (acceptsCode && getFieldValue('code'))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.required'))),
            }),
          ]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        {acceptsCode && (
          <Form.Item name="code" label={t('two_factor.or_code')} extra={t('two_factor.or_code_hint')}>
            <Input autoComplete="one-time-code" inputMode="text" maxLength={11} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
