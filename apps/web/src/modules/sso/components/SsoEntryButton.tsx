import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { linkTo } from '../../../lib/api.ts';
import { safeRedirectPath } from '../../../lib/redirect.ts';
import { rememberedSsoWorkspace } from '../remembered.ts';

/** The login page's single sign-on entry, once this browser has signed in to a workspace that way. */
export function SsoEntryButton() {
  const { t } = useTranslation('sso');
  const [searchParams] = useSearchParams();
  const workspaceId = rememberedSsoWorkspace();
  if (!workspaceId) return null;
  const target = safeRedirectPath(searchParams.get('redirect_uri'));
  const href = linkTo('GET /api/sso/:workspace/login', { params: { workspace: workspaceId }, query: { target: target ?? undefined } });
  return (
    <>
      <p className="auth-card__footer">{t('entry.or')}</p>
      <Button block href={href}>
        {t('entry.continue')}
      </Button>
    </>
  );
}
