import { LOGIN_PATH } from './paths.ts';

/**
 * The path to go to after login, taken from `redirect_uri` only when it is a
 * same-origin relative path: one leading `/`, not `//`, no scheme, no backslash,
 * no control characters. Anything else yields null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://vigil.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect_uri=<path>` for a page that needs a session. */
export function loginPathFor(path: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect_uri: path }).toString()}`;
}
