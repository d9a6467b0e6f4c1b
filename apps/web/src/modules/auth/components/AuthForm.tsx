import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface Props<Values> {
  form: FormInstance<Values>;
  /** The request is under way: the fields lock and the button spins. */
  pending: boolean;
  submitLabel: string;
  /** The line under the button (back to sign-in, register…). */
  footer: ReactNode;
  onFinish: (values: Values) => void;
  children: ReactNode;
}

/** A logged-out screen's form: labels above fields, no required marks, a full-width submit button and a footer line. */
export function AuthForm<Values>({ form, pending, submitLabel, footer, onFinish, children }: Props<Values>) {
  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} disabled={pending} onFinish={onFinish}>
      {children}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {submitLabel}
      </Button>
      <p className="auth-card__footer">{footer}</p>
    </Form>
  );
}
