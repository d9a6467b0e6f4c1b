import { SSO_ERRORS, type SsoError } from '@vigil/contracts';
import { Button, Layout, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths.ts';
import { safeRedirectPath } from '../../../lib/redirect.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useFinishSignIn } from '../api.ts';

type Failure = SsoError | 'missing';

function failureOf(error: unknown): Failure {
  const code = isHttpError(error) ? (error.data as { error?: string } | undefined)?.error : undefined;
  return SSO_ERRORS.includes(code as SsoError) ? (code as SsoError) : 'refused';
}

/**
 * `/oauth-callback`: where single sign-on comes back. `sso` is a SAML hand-off, `cas` with
 * `ticket` a CAS answer, `error` a refusal; on success the user goes to the target or the dashboard.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const started = useRef(false);
  const target = safeRedirectPath(params.get('target')) ?? HOME_PATH;
  const sso = params.get('sso');
  const cas = params.get('cas');
  const ticket = params.get('ticket');
  const outcome = useMemo(
    () => (sso ? { sso } : cas && ticket ? { ticket, workspace: cas, target: params.get('target') } : null),
    [sso, cas, ticket, params],
  );
  const given = params.get('error');

  useEffect(() => {
    if (!outcome || started.current) return;
    started.current = true;
    finish.mutate(outcome, { onSuccess: () => void navigate(target, { replace: true }) });
  }, [outcome, finish, navigate, target]);

  const failure: Failure | null = given
    ? SSO_ERRORS.includes(given as SsoError)
      ? (given as SsoError)
      : 'refused'
    : !outcome
      ? 'missing'
      : finish.isError
        ? failureOf(finish.error)
        : null;

  return (
    <Layout className="full-height">
      <main className="centered-page">
        {failure ? (
          <Result
            status="error"
            title={<h1 className="result-title">{t('callback.failed')}</h1>}
            subTitle={<span data-testid="sso-error">{t(`callback.errors.${failure}`)}</span>}
            extra={
              <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
                {t('callback.back_to_login')}
              </Button>
            }
          />
        ) : (
          <Spin size="large" description={t('callback.signing_in')}>
            <div style={{ minHeight: 120, minWidth: 240 }} />
          </Spin>
        )}
      </main>
    </Layout>
  );
}
