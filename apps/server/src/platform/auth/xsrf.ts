import { XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { randomToken, safeEqual, sign } from './tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A cross-site form post that a third party sends by design (SAML ACS); such a route must not rely on the session. */
    xsrfExempt?: true;
  }
}

/**
 * Double-submit anti-forgery token: a readable cookie signed with the server secret,
 * echoed by the client in the X-XSRF-TOKEN header on every state-changing request.
 */
export function createXsrfGuard(secret: string, secureCookies: boolean) {
  const isValid = (token: string | undefined): token is string => {
    if (!token) return false;
    const [nonce, signature] = token.split('.');
    return Boolean(nonce && signature && safeEqual(signature, sign(nonce, secret)));
  };

  return {
    /** Issues a token to a client that has none (or a forged one). */
    ensureCookie(request: FastifyRequest, reply: FastifyReply): void {
      if (isValid(request.cookies[XSRF_COOKIE])) return;
      const nonce = randomToken(18);
      reply.setCookie(XSRF_COOKIE, `${nonce}.${sign(nonce, secret)}`, {
        path: '/',
        sameSite: 'lax',
        secure: secureCookies,
        httpOnly: false,
      });
    },
    check(request: FastifyRequest): void {
      if (SAFE_METHODS.has(request.method)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!isValid(cookie) || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new AppError(403, '_XSRF_TOKEN_INVALID', 'error.xsrf');
      }
    },
  };
}
