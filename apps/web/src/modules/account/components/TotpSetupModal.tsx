import { TotpConfirmBodySchema, TWO_FACTOR_CODE_LENGTH, type TotpEnrolment } from '@vigil/contracts';
import { Button, Form, Input, Modal, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { useConfirmTotp, useStartTotp } from '../two-factor-api.ts';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';

type Stage = { step: 'password' } | { step: 'scan'; enrolment: TotpEnrolment } | { step: 'codes'; codes: string[] };

/** Sets up an authenticator app: password, then scan and confirm with a code, then the recovery codes (shown once). */
export function TotpSetupModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const [stage, setStage] = useState<Stage>({ step: 'password' });
  const [passwordForm] = Form.useForm<{ password: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const required = { required: true, message: t('common:validation.required') };

  const close = () => {
    setStage({ step: 'password' });
    passwordForm.resetFields();
    codeForm.resetFields();
    onClose();
  };

  const footer = {
    password: [
      <Button key="cancel" onClick={close}>
        {t('common:actions.cancel')}
      </Button>,
      <Button key="next" type="primary" loading={start.isPending} onClick={() => passwordForm.submit()}>
        {t('two_factor.continue')}
      </Button>,
    ],
    scan: [
      <Button key="cancel" onClick={close}>
        {t('common:actions.cancel')}
      </Button>,
      <Button key="confirm" type="primary" loading={confirm.isPending} onClick={() => codeForm.submit()}>
        {t('two_factor.confirm_app')}
      </Button>,
    ],
    codes: [
      <Button key="done" type="primary" onClick={close}>
        {t('two_factor.saved_codes')}
      </Button>,
    ],
  }[stage.step];

  return (
    <Modal
      open={open}
      title={t('two_factor.setup_title')}
      footer={footer}
      onCancel={stage.step === 'codes' ? undefined : close}
      closable={stage.step !== 'codes'}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      <Steps
        size="small"
        current={['password', 'scan', 'codes'].indexOf(stage.step)}
        items={[{ title: t('two_factor.step_password') }, { title: t('two_factor.step_scan') }, { title: t('two_factor.step_codes') }]}
        style={{ marginBottom: 24 }}
      />
      {stage.step === 'password' && (
        <Form
          form={passwordForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            start.mutate(values, {
              onSuccess: (enrolment) => setStage({ step: 'scan', enrolment }),
              onError: (error) => showFieldErrors(passwordForm, error),
            })
          }
        >
          <Typography.Paragraph>{t('two_factor.setup_password')}</Typography.Paragraph>
          <Form.Item name="password" label={t('two_factor.password')} rules={[required]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      )}
      {stage.step === 'scan' && (
        <Form
          form={codeForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            confirm.mutate(values, {
              onSuccess: (codes) => setStage({ step: 'codes', codes }),
              onError: (error) => showFieldErrors(codeForm, error),
            })
          }
        >
          <Typography.Paragraph>{t('two_factor.scan')}</Typography.Paragraph>
          <div className="totp-setup__qr">
            <img src={stage.enrolment.qr_code} alt={t('two_factor.qr_alt')} width={220} height={220} />
          </div>
          <Typography.Paragraph>
            {t('two_factor.manual_key')}{' '}
            <Typography.Text code copyable dir="ltr" data-testid="totp-secret">
              {stage.enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form.Item
            name="code"
            label={t('two_factor.app_code', { digits: TWO_FACTOR_CODE_LENGTH })}
            rules={[required, schemaRule(TotpConfirmBodySchema.shape.code, t)]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={TWO_FACTOR_CODE_LENGTH} autoFocus />
          </Form.Item>
        </Form>
      )}
      {stage.step === 'codes' && <RecoveryCodesList codes={stage.codes} />}
    </Modal>
  );
}
