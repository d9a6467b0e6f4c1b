import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { randomToken, safeEqual, sha256, sign } from './tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const VERIFIED_PAIRS_MAX = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A cross-site form post that a third party sends by design (SAML ACS); such a route must not rely on the session. */
    xsrfExempt?: true;
  }
  interface FastifyReply {
    /** Hands the client a new anti-forgery token bound to the session it holds after this answer (none after sign-out). */
    bindXsrfToSession(sessionToken: string | undefined): void;
  }
}

/**
 * Double-submit anti-forgery token bound to the session: a readable cookie `nonce.signature`, where
 * the signature is an HMAC of the nonce and the session cookie's hash under the server secret. The
 * client echoes it in the X-XSRF-TOKEN header on every state-changing request. A token issued to
 * another session (or to no session) does not verify, so a token planted in a victim's browser or
 * read from an earlier session is refused. Sign-in and sign-out issue a token for the new state.
 */
export function registerXsrfGuard(app: FastifyInstance, secret: string, secureCookies: boolean) {
  const signatureOf = (nonce: string, session: string | undefined) => sign(`${nonce}:${session ? sha256(session) : ''}`, secret);

  // A client sends the same token and session on every request; checking costs a hash and an HMAC,
  // so pairs found valid are remembered (a bounded set, emptied when full).
  const verified = new Set<string>();
  const isValidFor = (token: string | undefined, session: string | undefined): token is string => {
    if (!token) return false;
    const pair = `${token} ${session ?? ''}`;
    if (verified.has(pair)) return true;
    const [nonce, signature, extra] = token.split('.');
    const valid = Boolean(nonce && signature && extra === undefined && safeEqual(signature, signatureOf(nonce, session)));
    if (valid) {
      if (verified.size >= VERIFIED_PAIRS_MAX) verified.clear();
      verified.add(pair);
    }
    return valid;
  };

  const issue = (reply: FastifyReply, session: string | undefined) => {
    const nonce = randomToken(18);
    reply.setCookie(XSRF_COOKIE, `${nonce}.${signatureOf(nonce, session)}`, {
      path: '/',
      sameSite: 'lax',
      secure: secureCookies,
      httpOnly: false,
    });
  };

  app.decorateReply('bindXsrfToSession', function bindXsrfToSession(this: FastifyReply, session: string | undefined) {
    issue(this, session);
  });

  return {
    /** Issues a token to a client that has none, a forged one or one of another session. */
    ensureCookie(request: FastifyRequest, reply: FastifyReply): void {
      const session = request.cookies[SESSION_COOKIE];
      if (!isValidFor(request.cookies[XSRF_COOKIE], session)) issue(reply, session);
    },
    check(request: FastifyRequest): void {
      if (SAFE_METHODS.has(request.method)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!isValidFor(cookie, request.cookies[SESSION_COOKIE]) || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new AppError(403, '_XSRF_TOKEN_INVALID', 'error.xsrf');
      }
    },
  };
}
