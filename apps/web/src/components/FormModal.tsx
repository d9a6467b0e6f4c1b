import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps<Values> extends Omit<FormProps<Values>, 'title' | 'children'> {
  form: FormInstance<Values>;
  title: ReactNode;
  okText: string;
  /** The save is under way: the OK button spins. */
  pending: boolean;
  onClose: () => void;
  /** Open by default: most callers mount the modal only while it is shown. */
  open?: boolean;
  width?: number;
  children: ReactNode;
}

/**
 * A modal holding one vertical form: OK submits it (Enter in a field too), Cancel closes, the fields
 * are dropped on close. The form's other props (initial values, `onFinish`…) pass through.
 */
export function FormModal<Values>({
  form,
  title,
  okText,
  pending,
  onClose,
  open = true,
  width,
  children,
  ...formProps
}: FormModalProps<Values>) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText}
      cancelText={t('actions.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" {...formProps}>
        {children}
      </Form>
    </Modal>
  );
}
