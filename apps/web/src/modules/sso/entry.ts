import { SsoRequiredDataSchema } from '@vigil/contracts';
import { isHttpError } from '../../lib/http.ts';
import { safeRedirectPath } from '../../lib/redirect.ts';

/**
 * Where an `AUTH_SSO_REQUIRED` answer sends the browser: the workspace's single sign-on
 * entry (a same-origin path), carrying the page to land on afterwards. Null for any other error.
 */
export function ssoEntryOf(error: unknown, target: string | null): string | null {
  if (!isHttpError(error) || error.code !== 'AUTH_SSO_REQUIRED') return null;
  const parsed = SsoRequiredDataSchema.safeParse(error.data);
  const entry = parsed.success ? safeRedirectPath(parsed.data.url) : null;
  if (!entry) return null;
  const landing = safeRedirectPath(target);
  return landing ? `${entry}?${new URLSearchParams({ target: landing })}` : entry;
}
