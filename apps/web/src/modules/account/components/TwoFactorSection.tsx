import './two-factor.css';
import type { TwoFactorMethod } from '@vigil/contracts';
import { Alert, Button, Descriptions, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor, useEnableEmailCodes, useRenewRecoveryCodes, useTwoFactorStatus } from '../two-factor-api.ts';
import { PasswordPromptModal } from './PasswordPromptModal.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';
import { TotpSetupModal } from './TotpSetupModal.tsx';

type Dialog = 'email' | 'totp' | 'renew' | 'disable' | null;

const METHOD_COLOURS: Record<TwoFactorMethod, string> = { email: 'blue', totp: 'green' };

/** Account settings: the person's second factor — codes by e-mail or an authenticator app, recovery codes, turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation(['account', 'common']);
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [renewedCodes, setRenewedCodes] = useState<string[] | null>(null);
  const enableEmail = useEnableEmailCodes();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const close = () => setDialog(null);

  if (!status.data) return <Skeleton active />;
  const { method, required_by_workspace: required, recovery_codes_left: recoveryLeft } = status.data;

  return (
    <section aria-labelledby="two-factor-title" style={{ maxWidth: 640 }}>
      <Typography.Title level={2} id="two-factor-title" style={{ fontSize: 18 }}>
        {t('two_factor.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('two_factor.intro')}</Typography.Paragraph>
      {required && (
        <Alert
          type="info"
          showIcon
          title={t(method ? 'two_factor.required' : 'two_factor.required_by_email')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('two_factor.status')}>
          {method ? <Tag color={METHOD_COLOURS[method]}>{t(`two_factor.methods.${method}`)}</Tag> : <Tag>{t('two_factor.off')}</Tag>}
        </Descriptions.Item>
        {method === 'totp' && <Descriptions.Item label={t('two_factor.recovery_left')}>{recoveryLeft}</Descriptions.Item>}
      </Descriptions>
      <Space wrap>
        {method !== 'email' && <Button onClick={() => setDialog('email')}>{t('two_factor.use_email')}</Button>}
        {method !== 'totp' && (
          <Button type={method ? 'default' : 'primary'} onClick={() => setDialog('totp')}>
            {t('two_factor.use_app')}
          </Button>
        )}
        {method === 'totp' && <Button onClick={() => setDialog('renew')}>{t('two_factor.renew')}</Button>}
        {method && (
          <Button danger onClick={() => setDialog('disable')}>
            {t('two_factor.turn_off')}
          </Button>
        )}
      </Space>

      <PasswordPromptModal
        open={dialog === 'email'}
        title={t('two_factor.use_email')}
        description={t(method === 'totp' ? 'two_factor.email_replaces_app' : 'two_factor.email_explained')}
        okText={t('two_factor.turn_on')}
        pending={enableEmail.isPending}
        onSubmit={(values) => enableEmail.mutateAsync({ password: values.password ?? '' })}
        onClose={close}
      />
      <PasswordPromptModal
        open={dialog === 'renew'}
        title={t('two_factor.renew')}
        description={t('two_factor.renew_explained')}
        okText={t('two_factor.renew')}
        pending={renew.isPending}
        onSubmit={async (values) => setRenewedCodes(await renew.mutateAsync({ password: values.password ?? '' }))}
        onClose={close}
      />
      <PasswordPromptModal
        open={dialog === 'disable'}
        title={t('two_factor.turn_off')}
        description={t(required ? 'two_factor.turn_off_required' : 'two_factor.turn_off_explained')}
        okText={t('two_factor.turn_off')}
        danger
        acceptsCode={method === 'totp'}
        pending={disable.isPending}
        onSubmit={(values) => disable.mutateAsync(values)}
        onClose={close}
      />
      <TotpSetupModal open={dialog === 'totp'} onClose={close} />
      <Modal
        open={renewedCodes !== null}
        title={t('two_factor.recovery_codes')}
        footer={
          <Button type="primary" onClick={() => setRenewedCodes(null)}>
            {t('two_factor.saved_codes')}
          </Button>
        }
        closable={false}
        mask={{ closable: false }}
      >
        {renewedCodes && <RecoveryCodesList codes={renewedCodes} />}
      </Modal>
    </section>
  );
}
