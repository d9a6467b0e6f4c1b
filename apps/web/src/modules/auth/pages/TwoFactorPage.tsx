import { SafetyOutlined } from '@ant-design/icons';
import {
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_PATTERN,
  TWO_FACTOR_RESEND_SECONDS,
  TwoFactorFailureDataSchema,
} from '@vigil/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isHttpError } from '../../../lib/http.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useLoginTwoFactor, useResendTwoFactor } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { readTwoFactorStep } from '../components/two-factor-step.ts';

/** The current time, renewed every second while the screen is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const secondsUntil = (time: number, now: number) => Math.max(0, Math.ceil((time - now) / 1000));
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface Failure {
  message: string;
  /** The attempt is over: only a new password sign-in helps. */
  final: boolean;
}

function failureOf(error: unknown, fallback: string): Failure {
  if (!isHttpError(error)) return { message: fallback, final: false };
  const data = TwoFactorFailureDataSchema.safeParse(error.data);
  const final = error.code === 'USR_2FA_ATTEMPT_INVALID' || (data.success && data.data.attempts_left === 0);
  const fieldMessage = Object.values(error.fieldErrors).flat()[0];
  return { message: error.message || fieldMessage || fallback, final };
}

/**
 * `/2fa/{email}?method&to&expiredAfter&id`: the second step of a sign-in. The code goes with the
 * attempt id; once the session exists, the layout's gate sends the user on.
 */
export function TwoFactorPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { email } = useParams();
  const [searchParams] = useSearchParams();
  const step = readTwoFactorStep(email, searchParams);
  const now = useNow();
  const [expiresAt, setExpiresAt] = useState(() => (step ? Date.parse(step.expiredAfter) : 0));
  const [resendAt, setResendAt] = useState(() => Date.now() + TWO_FACTOR_RESEND_SECONDS * 1000);
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const verify = useLoginTwoFactor();
  const resend = useResendTwoFactor();
  const backToLogin = step?.redirect ? `${LOGIN_PATH}?${new URLSearchParams({ redirect_uri: step.redirect })}` : LOGIN_PATH;

  if (!step) {
    return (
      <AuthCard title={t('two_factor.title')}>
        <Result status="warning" title={t('two_factor.incomplete')} extra={<Link to={LOGIN_PATH}>{t('back_to_login')}</Link>} />
      </AuthCard>
    );
  }

  const secondsLeft = secondsUntil(expiresAt, now);
  const expired = secondsLeft === 0;
  const over = expired || Boolean(failure?.final);
  const resendIn = secondsUntil(resendAt, now);
  const codePattern = useRecovery ? RECOVERY_CODE_PATTERN : TWO_FACTOR_CODE_PATTERN;

  const submit = ({ code }: { code: string }) => {
    setFailure(null);
    verify.mutate(
      { email: step.email, id: step.id, code: code.trim() },
      { onError: (error) => setFailure(failureOf(error, t('two_factor.failed'))) },
    );
  };

  const sendAgain = () => {
    setFailure(null);
    resend.mutate(
      { email: step.email, id: step.id },
      {
        onSuccess: (result) => {
          setExpiresAt(Date.parse(result.expiredAfter));
          setResendAt(Date.now() + result.resend_after * 1000);
          form.resetFields();
        },
        onError: (error) => {
          setFailure(failureOf(error, t('two_factor.failed')));
          const retryAfter = isHttpError(error) ? (error.data as { retry_after?: unknown } | undefined)?.retry_after : undefined;
          if (typeof retryAfter === 'number') setResendAt(Date.now() + retryAfter * 1000);
        },
      },
    );
  };

  const subtitle =
    step.method === 'email'
      ? t('two_factor.sent_to', { to: step.to ?? step.email, digits: TWO_FACTOR_CODE_LENGTH })
      : t('two_factor.app_subtitle');

  return (
    <AuthCard title={t('two_factor.title')} subtitle={subtitle}>
      {failure && <Alert type="error" showIcon role="alert" title={failure.message} style={{ marginBottom: 16 }} />}
      {expired && !failure?.final && (
        <Alert type="warning" showIcon role="alert" title={t('two_factor.expired')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={verify.isPending || over}>
        <Form.Item
          name="code"
          label={useRecovery ? t('two_factor.recovery_code') : t('two_factor.code', { digits: TWO_FACTOR_CODE_LENGTH })}
          extra={over ? undefined : t('two_factor.expires_in', { time: clock(secondsLeft) })}
          rules={[
            { required: true, message: t('common:validation.required') },
            {
              pattern: codePattern,
              transform: (value: string) => value?.trim().toLowerCase(),
              message: useRecovery ? t('two_factor.recovery_code_format') : t('two_factor.code_format', { digits: TWO_FACTOR_CODE_LENGTH }),
            },
          ]}
        >
          {useRecovery ? (
            <Input prefix={<SafetyOutlined aria-hidden />} autoComplete="off" autoFocus maxLength={11} placeholder="xxxxx-xxxxx" />
          ) : (
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={TWO_FACTOR_CODE_LENGTH}
              className="auth-card__code"
            />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('two_factor.submit')}
        </Button>
      </Form>
      <div className="auth-card__actions">
        {step.method === 'email' ? (
          <Button type="link" onClick={sendAgain} disabled={over || resendIn > 0 || resend.isPending} loading={resend.isPending}>
            {resendIn > 0 ? t('two_factor.resend_in', { seconds: resendIn }) : t('two_factor.resend')}
          </Button>
        ) : (
          <Button
            type="link"
            disabled={over}
            onClick={() => {
              setUseRecovery(!useRecovery);
              form.resetFields();
            }}
          >
            {useRecovery ? t('two_factor.use_app_code') : t('two_factor.use_recovery_code')}
          </Button>
        )}
      </div>
      <Typography.Paragraph className="auth-card__footer">
        <Link to={backToLogin}>{over ? t('two_factor.sign_in_again') : t('back_to_login')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
